"""A status module for a catalogue package, written with bare strings ("new", "paid", ...) for the
statuses of a workflow (orders, support tickets, invoices, leave requests), with tests that pass
and compare strings. What the enum tasks are made of.

    project, spec = add_status_module(rng, faker, "orders")
"""

from __future__ import annotations

import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module


class StatusModule(BaseModel):
    kind: str
    module: str
    enum: str
    statuses: list[str]
    about: str
    source: str
    tests: list[tuple[str, str]]


STATUS_MODULES = {
    "orders": StatusModule(kind="shipping", module="orders", enum="OrderStatus", about="Order statuses",
                           statuses=["new", "paid", "shipped", "delivered", "cancelled"], source='''
FLOW = {"new": "paid", "paid": "shipped", "shipped": "delivered"}


def next_status(status):
    """The status after `status`; a delivered or cancelled order stays as it is."""
    return FLOW.get(status, status)


def can_cancel(status):
    """Only orders not shipped yet can be cancelled."""
    return status in ("new", "paid")


def cancel(status):
    """The status of the order once cancelled; a shipped order cannot be."""
    if not can_cancel(status):
        raise ValueError(f"cannot cancel an order that is {status}")
    return "cancelled"
''', tests=[("next_status('new')", "'paid'"), ("next_status('shipped')", "'delivered'"),
            ("next_status('cancelled')", "'cancelled'"), ("can_cancel('paid')", "True"),
            ("can_cancel('shipped')", "False"), ("cancel('new')", "'cancelled'")]),
    "tickets": StatusModule(kind="schedule", module="tickets", enum="TicketStatus", about="Support ticket statuses",
                            statuses=["open", "in_progress", "waiting", "closed"], source='''
def start(status):
    """An open ticket goes in progress when someone picks it up; others stay as they are."""
    return "in_progress" if status == "open" else status


def reply_sent(status):
    """After we reply, a ticket in progress waits for the customer."""
    return "waiting" if status == "in_progress" else status


def needs_attention(status):
    """Tickets nobody is waiting on the customer for."""
    return status in ("open", "in_progress")


def close(status):
    """Close a ticket; closing a closed ticket is an error."""
    if status == "closed":
        raise ValueError("the ticket is already closed")
    return "closed"
''', tests=[("start('open')", "'in_progress'"), ("start('waiting')", "'waiting'"),
            ("reply_sent('in_progress')", "'waiting'"), ("needs_attention('waiting')", "False"),
            ("needs_attention('open')", "True"), ("close('waiting')", "'closed'")]),
    "invoices": StatusModule(kind="ledger", module="invoices", enum="InvoiceStatus", about="Invoice statuses",
                             statuses=["draft", "sent", "paid", "overdue"], source='''
def send(status):
    """A draft invoice becomes sent; others stay as they are."""
    return "sent" if status == "draft" else status


def status_after(status, days_since_sent, paid):
    """Paid when the money came in; overdue when sent more than 30 days ago and unpaid."""
    if paid:
        return "paid"
    if status == "sent" and days_since_sent > 30:
        return "overdue"
    return status


def is_outstanding(status):
    """Sent or overdue invoices are still owed."""
    return status in ("sent", "overdue")
''', tests=[("send('draft')", "'sent'"), ("send('paid')", "'paid'"), ("status_after('sent', 31, False)", "'overdue'"),
            ("status_after('sent', 30, False)", "'sent'"), ("status_after('overdue', 45, True)", "'paid'"),
            ("is_outstanding('overdue')", "True"), ("is_outstanding('draft')", "False")]),
    "leave": StatusModule(kind="payroll", module="leave", enum="LeaveStatus", about="Leave request statuses",
                          statuses=["pending", "approved", "rejected", "withdrawn"], source='''
def decide(status, approve):
    """A pending request is approved or rejected; a decided one stays as it is."""
    if status != "pending":
        return status
    return "approved" if approve else "rejected"


def withdraw(status):
    """A request can be withdrawn until it is decided."""
    if status != "pending":
        raise ValueError(f"a {status} request cannot be withdrawn")
    return "withdrawn"


def counts_as_absence(status):
    """Only approved leave counts in the absence calendar."""
    return status == "approved"
''', tests=[("decide('pending', True)", "'approved'"), ("decide('pending', False)", "'rejected'"),
            ("decide('rejected', True)", "'rejected'"), ("withdraw('pending')", "'withdrawn'"),
            ("counts_as_absence('approved')", "True"), ("counts_as_absence('pending')", "False")]),
}


def add_status_module(rng: random.Random, faker: Faker, name: str) -> tuple[ProjectContent, StatusModule]:
    """A catalogue package (of the module's related kind) with the status module and its tests as the target."""
    spec = STATUS_MODULES[name]
    project, company = base_package(rng, faker, spec.kind)
    names = sorted({call.split("(")[0] for call, _ in spec.tests})
    body = "".join(f"\n\ndef test_{call.split('(')[0]}_{n}():\n    assert {call} == {want}\n"
                   for n, (call, want) in enumerate(spec.tests, start=1))
    gap = "\n\n\n" if spec.source.lstrip().startswith("def") else "\n\n"
    source = f'"""{spec.about} for {company}."""' + gap + spec.source.lstrip("\n")
    tests = f"from {project.package}.{spec.module} import {', '.join(names)}\n" + body
    return with_module(project, spec.module, source, tests, spec.about.lower(), names), spec
