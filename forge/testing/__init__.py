"""Test kits for plugin authors: `forge.testing.contract` checks a workflow the way the gates will."""

from forge.testing.contract import ContractReport, assert_workflow_contract, workflow_contract

__all__ = ["ContractReport", "assert_workflow_contract", "workflow_contract"]
