"""Simulations and tournaments between bots."""
