"""The rule systems: one esper Processor per rule family, run in the order of systems/schedule.py."""
