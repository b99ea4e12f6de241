"""Catalogue kinds from business back offices: stock keeping, shipping rates, payroll, a ledger, loans."""

from __future__ import annotations

from preparers.code import Bug, Feature, Validation
from workflows.code._catalogue import Kind, LogRule, Magic, register_kind


def _items(rng):  # (sku, quantity, unit_cost) lines
    skus = rng.sample(["A-100", "B-220", "C-310", "D-405", "E-512", "F-618"], rng.randint(2, 4))
    return repr([(s, rng.randint(0, 30), rng.choice([1.25, 3.5, 9.99, 12.0])) for s in skus])


register_kind(Kind(
    name="inventory", module="stock", about="Stock keeping: stock value, reorder decisions, deliveries",
    renames=["inventory", "stock_levels", "warehouse"],
    values=lambda rng: {"reorder": rng.choice([5, 8, 10, 12])},
    source='''
    """Stock keeping for {company}: stock value, reorder decisions and deliveries."""

    REORDER_LEVEL = {reorder}


    def stock_value(items):
        """Total value of (sku, quantity, unit_cost) items, rounded to cents."""
        return round(sum(quantity * unit_cost for _, quantity, unit_cost in items), 2)


    def needs_reorder(quantity):
        """True when `quantity` is at or below REORDER_LEVEL."""
        return quantity <= REORDER_LEVEL


    def reorder_list(items):
        """SKUs of the items that need reordering, sorted."""
        return sorted(sku for sku, quantity, _ in items if needs_reorder(quantity))


    def restock(levels, deliveries):
        """New stock levels: each (sku, quantity) delivery added to `levels`; unknown SKUs are added."""
        result = dict(levels)
        for sku, quantity in deliveries:
            result[sku] = result.get(sku, 0) + quantity
        return result


    def shelf_life_left(days_in_stock):
        """Days before stock of this age is written off after 90 days, never below 0."""
        return max(90 - days_in_stock, 0)
    ''',
    calls={"stock_value": ["[('A-1', 3, 2.5), ('B-2', 4, 1.25)]", "[('X-9', 7, 0.99)]"],
           "needs_reorder": ["{reorder}", "{reorder} + 1", "0"],
           "reorder_list": ["[('Z-1', {reorder}, 1.0), ('B-2', 1, 2.0), ('C-3', 40, 2.0), ('A-4', 2, 1.0)]"],
           "restock": ["{{'A-1': 3, 'B-2': 5}}, [('A-1', 4), ('C-3', 2)]"],
           "shelf_life_left": ["30", "90", "120"]},
    bugs=[
        Bug(id="reorder_boundary", function="needs_reorder", before="quantity <= REORDER_LEVEL",
            after="quantity < REORDER_LEVEL", symptom="an item with exactly the reorder level left is not reordered"),
        Bug(id="value_ignores_quantity", function="stock_value", before="sum(quantity * unit_cost for",
            after="sum(unit_cost for", symptom="the stock value ignores how many units are on the shelf"),
        Bug(id="reorder_unsorted", function="reorder_list", before="sorted(sku for", after="list(sku for",
            symptom="the reorder list comes out in shelf order instead of sorted by SKU"),
        Bug(id="delivery_replaces", function="restock", before="result[sku] = result.get(sku, 0) + quantity",
            after="result[sku] = quantity",
            symptom="a delivery replaces the stock level instead of adding to it"),
        Bug(id="negative_shelf_life", function="shelf_life_left", before="max(90 - days_in_stock, 0)",
            after="90 - days_in_stock", symptom="old stock shows a negative number of days left"),
    ],
    features=[
        Feature(kind="inventory", name="total_units", argument="items", arguments=_items,
                body="return sum(quantity for _, quantity, _ in items)",
                behaviour="the number of units over all (sku, quantity, unit_cost) items (0 for no items)"),
        Feature(kind="inventory", name="most_valuable_sku", argument="items", arguments=_items,
                body="return max(items, key=lambda item: item[1] * item[2])[0]",
                behaviour="the SKU whose quantity times unit cost is highest; the first such item on a tie"),
        Feature(kind="inventory", name="out_of_stock", argument="items", arguments=_items,
                body="return sorted(sku for sku, quantity, _ in items if quantity == 0)",
                behaviour="the SKUs with a quantity of 0, sorted"),
    ],
    validations={
        "negative_quantity": Validation(kind="inventory", function="needs_reorder", rule="a negative quantity",
                                        guard="if quantity < 0:\n    raise ValueError(f'quantity must not be negative, got {quantity}')",
                                        bad_calls=["needs_reorder(-1)", "needs_reorder(-40)"]),
        "negative_delivery": Validation(kind="inventory", function="restock", rule="a delivery of fewer than 1 unit",
                                        guard="if any(q < 1 for _, q in deliveries):\n    raise ValueError('deliveries must be of at least 1 unit')",
                                        bad_calls=["restock({'A': 1}, [('A', 0)])", "restock({}, [('B', -3)])"]),
    },
    magic={"shelf_life": Magic(function="shelf_life_left", literal="90", constant="SHELF_LIFE_DAYS",
                               meaning="the shelf life in days")},
    logs={"empty_delivery": LogRule(function="restock", when="it is given no deliveries at all",
                                    guard="if not deliveries:\n    logger.warning('restock called with no deliveries')",
                                    trigger="restock({'A': 1}, [])", quiet="restock({'A': 1}, [('A', 2)])")},
))


register_kind(Kind(
    name="shipping", module="shipping", about="Shipping: parcel rates, free shipping, delivery estimates",
    renames=["delivery", "postage", "parcels"],
    values=lambda rng: {"free_from": rng.choice([50, 60, 75, 100]), "per_kg": rng.choice([1.2, 1.5, 2.0])},
    source='''
    """Shipping for {company}: parcel rates, free shipping and delivery estimates."""

    BASE_RATE = 4.5
    PER_KG = {per_kg}
    FREE_FROM = {free_from}


    def parcel_rate(weight_kg):
        """Rate for a parcel: the base rate plus PER_KG for each started kilogram, rounded to cents."""
        started = int(weight_kg) + (1 if weight_kg % 1 else 0)
        return round(BASE_RATE + PER_KG * started, 2)


    def shipping_cost(order_total, weight_kg):
        """What the customer pays for shipping: nothing from FREE_FROM up, else the parcel rate."""
        if order_total >= FREE_FROM:
            return 0.0
        return parcel_rate(weight_kg)


    def delivery_days(zone, express=False):
        """Working days to deliver to zone 1, 2 or 3; express halves it, rounding up, at least 1 day."""
        days = {{1: 2, 2: 4, 3: 7}}[zone]
        if express:
            days = max((days + 1) // 2, 1)
        return days


    def heaviest(parcels):
        """The id of the heaviest of (id, weight_kg) parcels; the first one on a tie."""
        return max(parcels, key=lambda parcel: parcel[1])[0]


    def insured_value(declared):
        """Insurance covers the declared value up to 500."""
        return min(declared, 500)
    ''',
    calls={"parcel_rate": ["1", "2.3", "0.4"], "shipping_cost": ["{free_from}, 3.2", "{free_from} - 0.01, 3.2"],
           "delivery_days": ["1", "3", "3, express=True", "2, express=True"],
           "heaviest": ["[('p1', 2.5), ('p2', 7.1), ('p3', 7.1)]"], "insured_value": ["120", "900"]},
    bugs=[
        Bug(id="free_boundary", function="shipping_cost", before="order_total >= FREE_FROM",
            after="order_total > FREE_FROM", symptom="an order of exactly the free-shipping amount still pays shipping"),
        Bug(id="started_kilo", function="parcel_rate", before="int(weight_kg) + (1 if weight_kg % 1 else 0)",
            after="int(weight_kg)", symptom="parcels are charged only for whole kilograms, so 2.3 kg costs as 2 kg"),
        Bug(id="express_rounding", function="delivery_days", before="(days + 1) // 2", after="days // 2",
            symptom="express deliveries to zone 3 are promised a day too early"),
        Bug(id="heaviest_tie", function="heaviest", before="max(parcels, key=lambda parcel: parcel[1])",
            after="sorted(parcels, key=lambda parcel: parcel[1])[-1]",
            symptom="when two parcels weigh the same, the later one is reported as the heaviest"),
        Bug(id="insurance_cap", function="insured_value", before="min(declared, 500)", after="max(declared, 500)",
            symptom="small parcels are insured for 500 whatever their declared value"),
    ],
    features=[
        Feature(kind="shipping", name="total_weight", argument="parcels",
                arguments=lambda rng: repr([(f"p{i}", rng.choice([0.5, 1.2, 2.5, 4.0])) for i in range(rng.randint(1, 4))]),
                body="return round(sum(weight for _, weight in parcels), 2)",
                behaviour="the total weight of (id, weight_kg) parcels, rounded to 2 decimals"),
        Feature(kind="shipping", name="parcels_over", argument="parcels, limit",
                arguments=lambda rng: repr([(f"p{i}", rng.choice([0.5, 2.0, 3.5, 8.0])) for i in range(4)]) + f", {rng.choice([1, 3])}",
                body="return [pid for pid, weight in parcels if weight > limit]",
                behaviour="the ids of the (id, weight_kg) parcels heavier than `limit`, in their order"),
    ],
    validations={
        "zero_weight": Validation(kind="shipping", function="parcel_rate", rule="a weight of 0 kg or less",
                                  guard="if weight_kg <= 0:\n    raise ValueError(f'weight must be positive, got {weight_kg}')",
                                  bad_calls=["parcel_rate(0)", "parcel_rate(-2.5)"]),
        "unknown_zone": Validation(kind="shipping", function="delivery_days", rule="a zone other than 1, 2 or 3",
                                   guard="if zone not in (1, 2, 3):\n    raise ValueError(f'unknown zone {zone}')",
                                   bad_calls=["delivery_days(4)", "delivery_days(0, express=True)"]),
    },
    magic={"insurance_cap": Magic(function="insured_value", literal="500", constant="INSURANCE_CAP",
                                  meaning="the most a parcel is insured for")},
    logs={"heavy_parcel": LogRule(function="parcel_rate", when="a parcel weighs more than 30 kg",
                                  guard="if weight_kg > 30:\n    logger.warning('heavy parcel: %s kg', weight_kg)",
                                  trigger="parcel_rate(31.5)", quiet="parcel_rate(2)")},
))


register_kind(Kind(
    name="payroll", module="payroll", about="Payroll: gross and net pay, overtime, holiday accrual",
    renames=["wages", "salaries", "pay"],
    values=lambda rng: {"tax": rng.choice([0.2, 0.22, 0.25])},
    source='''
    """Payroll for {company}: gross pay with overtime, tax and holiday accrual."""

    TAX_RATE = {tax}


    def gross_pay(hours, rate):
        """Pay for a week: hours over 40 are paid at one and a half times the rate; rounded to cents."""
        overtime = max(hours - 40, 0)
        return round((hours - overtime) * rate + overtime * rate * 1.5, 2)


    def net_pay(gross):
        """Gross pay less TAX_RATE of it, rounded to cents."""
        return round(gross * (1 - TAX_RATE), 2)


    def holiday_hours(hours_worked):
        """Holiday earned: 12.07 hours per 100 worked, rounded to 2 decimals."""
        return round(hours_worked * 12.07 / 100, 2)


    def payslip_lines(staff):
        """'Name: amount' lines for a dict of name -> gross pay, by name."""
        return [f"{{name}}: {{amount:.2f}}" for name, amount in sorted(staff.items())]


    def highest_paid(staff):
        """The name with the highest gross pay in a dict of name -> gross pay."""
        return max(staff, key=staff.get)
    ''',
    calls={"gross_pay": ["38, 15.0", "40, 12.5", "45, 20.0"], "net_pay": ["1000.0", "333.33"],
           "holiday_hours": ["100", "37.5"], "payslip_lines": ["{{'Zoe': 812.5, 'Abe': 640.0}}"],
           "highest_paid": ["{{'Ann': 500.0, 'Bo': 910.25, 'Cy': 300.0}}"]},
    bugs=[
        Bug(id="overtime_rate", function="gross_pay", before="overtime * rate * 1.5", after="overtime * rate",
            symptom="overtime hours are paid at the normal rate"),
        Bug(id="overtime_threshold", function="gross_pay", before="max(hours - 40, 0)", after="hours - 40",
            symptom="part-time weeks come out with less pay than the hours worked"),
        Bug(id="tax_added", function="net_pay", before="(1 - TAX_RATE)", after="(1 + TAX_RATE)",
            symptom="net pay comes out higher than gross pay"),
        Bug(id="payslip_order", function="payslip_lines", before="sorted(staff.items())", after="staff.items()",
            symptom="payslip lines are not in name order"),
        Bug(id="highest_is_lowest", function="highest_paid", before="max(staff, key=staff.get)",
            after="min(staff, key=staff.get)", symptom="the highest-paid report names the lowest-paid person"),
    ],
    features=[
        Feature(kind="payroll", name="total_payroll", argument="staff",
                arguments=lambda rng: repr({n: rng.choice([410.5, 640.0, 812.25, 999.99]) for n in rng.sample(["Ann", "Bo", "Cy", "Di"], 3)}),
                body="return round(sum(staff.values()), 2)",
                behaviour="the sum of the gross pays in a dict of name -> gross pay, rounded to cents"),
        Feature(kind="payroll", name="overtime_hours", argument="hours",
                arguments=lambda rng: str(rng.choice([35, 40, 42.5, 48])),
                body="return max(hours - 40, 0)", behaviour="the hours over 40 in a week (0 when there are none)"),
    ],
    validations={
        "negative_hours": Validation(kind="payroll", function="gross_pay", rule="negative hours",
                                     guard="if hours < 0:\n    raise ValueError(f'hours must not be negative, got {hours}')",
                                     bad_calls=["gross_pay(-1, 15.0)", "gross_pay(-40, 9.5)"]),
        "negative_pay": Validation(kind="payroll", function="highest_paid", rule="a negative gross pay in the staff dict",
                                   guard="if any(v < 0 for v in staff.values()):\n    raise ValueError('gross pay must not be negative')",
                                   bad_calls=["highest_paid({'Ann': -5.0})", "highest_paid({'Bo': 10.0, 'Cy': -0.01})"]),
    },
    magic={"standard_week": Magic(function="gross_pay", literal="40", constant="STANDARD_HOURS",
                                  meaning="the hours of a standard week"),
           "overtime_factor": Magic(function="gross_pay", literal="1.5", constant="OVERTIME_FACTOR",
                                    meaning="the overtime multiplier"),
           "accrual": Magic(function="holiday_hours", literal="12.07", constant="HOLIDAY_PER_100_HOURS",
                            meaning="the holiday hours earned per 100 hours worked")},
    logs={"long_week": LogRule(function="gross_pay", when="someone is paid for more than 60 hours in a week",
                               guard="if hours > 60:\n    logger.warning('unusually long week: %s hours', hours)",
                               trigger="gross_pay(61, 10.0)", quiet="gross_pay(40, 10.0)")},
))


register_kind(Kind(
    name="ledger", module="ledger", about="A ledger: balances, overdraft fees, interest",
    renames=["accounts", "bookkeeping", "balances"],
    values=lambda rng: {"fee": rng.choice([15, 20, 25]), "apr": rng.choice([0.03, 0.045, 0.06])},
    source='''
    """Account ledger for {company}: balances, overdraft fees and interest."""

    OVERDRAFT_FEE = {fee}
    ANNUAL_RATE = {apr}


    def balance(transactions):
        """Sum of signed amounts (deposits positive, withdrawals negative), rounded to cents."""
        return round(sum(transactions), 2)


    def overdraft_fee(balance_after):
        """OVERDRAFT_FEE when a balance is below zero, otherwise 0."""
        return OVERDRAFT_FEE if balance_after < 0 else 0


    def monthly_interest(amount):
        """One month of ANNUAL_RATE interest on a positive balance, rounded to cents; none on debt."""
        if amount <= 0:
            return 0.0
        return round(amount * ANNUAL_RATE / 12, 2)


    def largest_withdrawal(transactions):
        """The largest withdrawal as a positive number, 0 when there is none."""
        withdrawals = [-t for t in transactions if t < 0]
        return max(withdrawals) if withdrawals else 0


    def running_balances(transactions):
        """The balance after each transaction, rounded to cents."""
        total, out = 0, []
        for amount in transactions:
            total += amount
            out.append(round(total, 2))
        return out
    ''',
    calls={"balance": ["[100, -30.5, 12.25]", "[-5]"], "overdraft_fee": ["-0.01", "0", "50"],
           "monthly_interest": ["1200.0", "-50", "0"], "largest_withdrawal": ["[100, -20, -75.5, 10]", "[5, 6]"],
           "running_balances": ["[100, -30, 5.5]", "[]"]},
    bugs=[
        Bug(id="fee_at_zero", function="overdraft_fee", before="balance_after < 0", after="balance_after <= 0",
            symptom="an account left at exactly zero is charged an overdraft fee"),
        Bug(id="annual_not_monthly", function="monthly_interest", before="amount * ANNUAL_RATE / 12", after="amount * ANNUAL_RATE",
            symptom="the monthly interest is a whole year's interest"),
        Bug(id="withdrawal_sign", function="largest_withdrawal", before="[-t for t in transactions if t < 0]",
            after="[t for t in transactions if t < 0]", symptom="the largest withdrawal is reported as the smallest one, negative"),
        Bug(id="running_reset", function="running_balances", before="total += amount", after="total = amount",
            symptom="the running balance shows each transaction on its own instead of the total so far"),
        Bug(id="interest_on_debt", function="monthly_interest", before="if amount <= 0:", after="if amount == 0:",
            symptom="accounts in debt earn interest"),
    ],
    features=[
        Feature(kind="ledger", name="total_deposits", argument="transactions",
                arguments=lambda rng: repr([rng.choice([100, -20, 35.5, -60, 12.25]) for _ in range(5)]),
                body="return round(sum(t for t in transactions if t > 0), 2)",
                behaviour="the sum of the positive amounts (deposits), rounded to cents"),
        Feature(kind="ledger", name="lowest_balance", argument="transactions",
                arguments=lambda rng: repr([rng.choice([100, -20, 35.5, -160, 12.25]) for _ in range(5)]),
                body="return min(running_balances(transactions)) if transactions else 0",
                behaviour="the lowest running balance reached over the transactions (0 for none)"),
    ],
    validations={
        "zero_amount": Validation(kind="ledger", function="balance", rule="a transaction of exactly 0",
                                    guard="if any(t == 0 for t in transactions):\n    raise ValueError('a transaction of 0 is not allowed')",
                                    bad_calls=["balance([0])", "balance([10, 0, -5])"]),
    },
    magic={"months": Magic(function="monthly_interest", literal="12", constant="MONTHS_PER_YEAR",
                           meaning="the months in a year (the annual rate spread over them)")},
    logs={"overdrawn": LogRule(function="overdraft_fee", when="an account goes below zero",
                               guard="if balance_after < 0:\n    logger.warning('account overdrawn: %s', balance_after)",
                               trigger="overdraft_fee(-10)", quiet="overdraft_fee(10)")},
))


register_kind(Kind(
    name="loans", module="loans", about="Library loans: late fees, borrowing limits, overdue lists",
    renames=["lending", "library", "borrowing"],
    values=lambda rng: {"per_day": rng.choice([0.25, 0.5]), "limit": rng.choice([3, 5, 6])},
    source='''
    """Library loans for {company}: late fees, borrowing limits and overdue lists."""

    FEE_PER_DAY = {per_day}
    MAX_LOANS = {limit}


    def late_fee(days_late):
        """FEE_PER_DAY for each day late, capped at 10.0; nothing when on time."""
        if days_late <= 0:
            return 0.0
        return min(round(days_late * FEE_PER_DAY, 2), 10.0)


    def can_borrow(current_loans):
        """True while a member holds fewer than MAX_LOANS items."""
        return current_loans < MAX_LOANS


    def overdue(loans, today):
        """Titles of the (title, due_day) loans due before `today`, sorted."""
        return sorted(title for title, due in loans if due < today)


    def due_day(borrowed_day, weeks=3):
        """The day number a loan borrowed on `borrowed_day` is due, `weeks` weeks later."""
        return borrowed_day + 7 * weeks
    ''',
    calls={"late_fee": ["0", "3", "400", "-2"], "can_borrow": ["{limit} - 1", "{limit}"],
           "overdue": ["[('Zebra Tales', 10), ('Atlas', 9), ('Moby', 12), ('Dune', 11)], 11"],
           "due_day": ["100", "100, weeks=1"]},
    bugs=[
        Bug(id="limit_boundary", function="can_borrow", before="current_loans < MAX_LOANS",
            after="current_loans <= MAX_LOANS", symptom="a member at the loan limit can still borrow one more"),
        Bug(id="fee_cap", function="late_fee", before="min(round(days_late * FEE_PER_DAY, 2), 10.0)",
            after="round(days_late * FEE_PER_DAY, 2)", symptom="very late returns are charged far more than the fee cap"),
        Bug(id="due_today_overdue", function="overdue", before="due < today", after="due <= today",
            symptom="books due today are listed as overdue"),
        Bug(id="weeks_as_days", function="due_day", before="borrowed_day + 7 * weeks", after="borrowed_day + weeks",
            symptom="loans are due a few days after borrowing instead of weeks"),
        Bug(id="early_fee", function="late_fee", before="if days_late <= 0:", after="if days_late == 0:",
            symptom="books returned early get a negative late fee"),
    ],
    features=[
        Feature(kind="loans", name="loans_left", argument="current_loans",
                arguments=lambda rng: str(rng.randint(0, 2)), body="return max(MAX_LOANS - current_loans, 0)",
                behaviour="how many more items a member holding `current_loans` may borrow (never below 0)"),
        Feature(kind="loans", name="total_fees", argument="days_late_list",
                arguments=lambda rng: repr([rng.choice([0, 2, 5, 9]) for _ in range(3)]),
                body="return round(sum(late_fee(d) for d in days_late_list), 2)",
                behaviour="the sum of the late fees for each number of days late in the list, rounded to cents"),
    ],
    validations={
        "negative_loans": Validation(kind="loans", function="can_borrow", rule="a negative number of loans",
                                     guard="if current_loans < 0:\n    raise ValueError(f'loans must not be negative, got {current_loans}')",
                                     bad_calls=["can_borrow(-1)"]),
        "weeks_range": Validation(kind="loans", function="due_day", rule="a loan period under 1 week or over 8 weeks",
                                  guard="if not 1 <= weeks <= 8:\n    raise ValueError(f'weeks must be 1 to 8, got {weeks}')",
                                  bad_calls=["due_day(10, weeks=0)", "due_day(10, weeks=9)"]),
    },
    magic={"fee_cap": Magic(function="late_fee", literal="10.0", constant="MAX_FEE", meaning="the late fee cap")},
    logs={"fee_capped": LogRule(function="late_fee", level="info", when="a fee reaches the cap",
                                guard="if days_late * FEE_PER_DAY >= 10.0:\n    logger.info('late fee capped for %s days', days_late)",
                                trigger="late_fee(500)", quiet="late_fee(1)")},
))
