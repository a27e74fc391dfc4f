"""Pinochle scorekeeper."""
