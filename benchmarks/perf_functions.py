"""Which compiled functions a running simkit command spends its CPU in (run by hand; needs Linux `perf` and `gdb`):

    python benchmarks/perf_functions.py -- python benchmarks/bench_loop.py canvas greedy
    python benchmarks/perf_functions.py --function _greedy_action -- python benchmarks/bench_loop.py canvas greedy

perf samples the command's process for --seconds after --warm seconds (compile or cache load first); numba's code
has no symbols perf can read, but gdb names it (numba registers its code with gdb's JIT interface), so each
sampled address is named through gdb attached to the same process, then the command is stopped. The output is the
share of samples per function (NRT_incref / NRT_decref are numba's reference counts: array arguments cost them).
With --function, the instructions of that function with their share of samples instead: where its time goes.
Shares are of the samples in the hottest --addresses addresses, so a long tail of cold code is left out.
"""

from __future__ import annotations

import argparse
import collections
import re
import subprocess
import tempfile
import time
from pathlib import Path


def sampled_addresses(pid: int, seconds: float, limit: int, folder: Path) -> dict[str, float]:
    """Share of samples (percent) per sampled address (or symbol perf could name)."""
    data = folder / "perf.data"
    subprocess.run(["perf", "record", "-q", "-o", str(data), "-p", str(pid), "--", "sleep", str(seconds)],
                   capture_output=True, check=True)
    report = subprocess.run(["perf", "report", "-i", str(data), "--no-children", "--sort", "symbol"],
                            capture_output=True, text=True, check=True).stdout
    shares = {}
    for line in report.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[0].endswith("%") and fields[1] in ("[.]", "[k]"):  # user or kernel code
            shares[fields[2]] = float(fields[0].rstrip("%"))
        if len(shares) == limit:
            break
    return shares


def gdb(pid: int, commands: list[str]) -> str:
    args = [arg for command in commands for arg in ("-ex", command)]
    return subprocess.run(["gdb", "-p", str(pid), "-batch", *args], capture_output=True, text=True).stdout


def symbols(pid: int, addresses: list[str]) -> dict[str, str]:
    """gdb's name for each address: `name + offset in section ...`, or the address itself."""
    commands = [c for a in addresses for c in (f"echo @@{a}\\n", f"info symbol {a}")]
    named, current = {}, None
    for line in gdb(pid, commands).splitlines():
        if line.startswith("@@"):
            current = line[2:]
        elif current and current not in named and " in section " in line:
            named[current] = line.split(" in section")[0].split(" + ")[0]
    return named


def readable(symbol: str) -> str:
    """A numba function's symbol (demangled by gdb, or not) as module.function."""
    if "::" in symbol:
        return ".".join(symbol.split("[")[0].split("(")[0].split("::")[-2:])
    if not symbol.startswith("_ZN"):
        return symbol
    rest, parts = symbol[3:], []
    while rest and rest[0].isdigit():
        size = re.match(r"\d+", rest).group()
        rest = rest[len(size):]
        parts.append(rest[: int(size)])
        rest = rest[int(size):]
    return ".".join(parts[-2:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--warm", type=float, default=10.0, help="seconds to wait before sampling")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds to sample")
    parser.add_argument("--addresses", type=int, default=600, help="hottest addresses to name")
    parser.add_argument("--function", help="show this function's instructions (a part of its name)")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("command", nargs=argparse.REMAINDER, help="after --: the command to profile")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(args.warm)
        with tempfile.TemporaryDirectory() as folder:
            shares = sampled_addresses(process.pid, args.seconds, args.addresses, Path(folder))
        addresses = [a for a in shares if a.startswith("0x")]
        named = symbols(process.pid, addresses)
        if args.function:
            inside = next((a for a in addresses if args.function in named.get(a, "")), None)
            if inside is None:
                raise SystemExit(f"no sampled address in a function named like {args.function!r}")
            listing = gdb(process.pid, [f"disassemble {inside}"])
            for line in listing.splitlines():
                found = re.search(r"0x0*([0-9a-f]+)", line)
                if found and ("<+" in line):
                    share = shares.get("0x" + found.group(1).rjust(16, "0"), 0.0)
                    print(f"{share:6.2f}% {line.strip()[:150]}")
            return
    finally:
        process.kill()
    by_function = collections.Counter()
    for address, share in shares.items():
        by_function[readable(named.get(address, address))] += share
    for name, share in by_function.most_common(args.top):
        print(f"{share:6.2f}%  {name[:110]}")
    print(f"(of the samples in the {len(shares)} hottest addresses: {sum(shares.values()):.1f}%)")


if __name__ == "__main__":
    main()
