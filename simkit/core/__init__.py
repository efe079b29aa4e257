"""Game-agnostic core: game protocol, parameters, seeding, policies, runner and results."""
