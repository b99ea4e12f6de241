"""Prefect flows and deployments. Import `flows.generate` for the `forge` flow."""
