"""Catalogue kinds of everyday utilities: text helpers, unit conversion, scheduling, statistics, parking."""

from __future__ import annotations

from preparers.code import Bug, Feature, Validation
from workflows.code._catalogue import Kind, LogRule, Magic, register_kind

_WORDS = ["Quarterly report", "  Hello,  World ", "Déjà vu café", "rust & python tips", "A B C"]

register_kind(Kind(
    name="text_tools", module="text_tools", about="Text helpers: slugs, word counts, truncation, initials",
    renames=["strings", "textutil", "wording"],
    values=lambda rng: {"width": rng.choice([10, 12, 15])},
    source='''
    """Text helpers for {company}: slugs, word counts, truncation and initials."""

    import re


    def slugify(title):
        """Lower-case words of letters and digits joined by hyphens."""
        return "-".join(re.findall(r"[a-z0-9]+", title.lower()))


    def word_count(text):
        """Number of whitespace-separated words."""
        return len(text.split())


    def truncate(text, width):
        """`text` cut to at most `width` characters, ending in '...' when it was cut."""
        if len(text) <= width:
            return text
        return text[:width - 3] + "..."


    def initials(name):
        """Upper-case initials of each part of a name, without dots."""
        return "".join(part[0].upper() for part in name.split())


    def title_case(text):
        """Each word capitalised, except short joining words (and, of, the) after the first."""
        small = {{"and", "of", "the"}}
        words = text.lower().split()
        return " ".join(w if i and w in small else w.capitalize() for i, w in enumerate(words))
    ''',
    calls={"slugify": ["'Quarterly Report 2024'", "'  Hello,  World! '"], "word_count": ["'  one two   three '", "''"],
           "truncate": ["'abcdefghijklmnopqrstuvwxyz', {width}", "'short', {width}", "'x' * {width}, {width}"],
           "initials": ["'ada lovelace'", "'Jean  Paul Sartre'"],
           "title_case": ["'the lord of the rings'", "'WAR AND PEACE'"]},
    bugs=[
        Bug(id="truncate_width", function="truncate", before="text[:width - 3]", after="text[:width]",
            symptom="truncated text comes out three characters longer than the width"),
        Bug(id="truncate_boundary", function="truncate", before="len(text) <= width", after="len(text) < width",
            symptom="text exactly as long as the width gets cut and an ellipsis added"),
        Bug(id="count_spaces", function="word_count", before="text.split()", after="text.split(' ')",
            symptom="double spaces are counted as extra words"),
        Bug(id="slug_case", function="slugify", before="title.lower()))", after="title))",
            symptom="slugs drop every capital letter instead of lower-casing it"),
        Bug(id="initials_case", function="initials", before="part[0].upper()", after="part[0]",
            symptom="initials of lower-case names stay lower-case"),
        Bug(id="small_first_word", function="title_case", before="w if i and w in small", after="w if w in small",
            symptom="a title starting with 'the' keeps it in lower case"),
    ],
    features=[
        Feature(kind="text_tools", name="longest_word", argument="text",
                arguments=lambda rng: repr(rng.choice(_WORDS + ["tiny words here", "alpha beta gamma"])),
                body="return max(text.split(), key=len) if text.split() else ''",
                behaviour="the longest whitespace-separated word, the first one on a tie ('' for no words)"),
        Feature(kind="text_tools", name="char_frequency", argument="text",
                arguments=lambda rng: repr(rng.choice(["banana", "letter", "a b a", "Mississippi"])),
                body="return {c: text.count(c) for c in sorted(set(text)) if not c.isspace()}",
                behaviour="a dict of each non-space character to how often it occurs, keys in sorted order"),
    ],
    validations={
        "width_too_small": Validation(kind="text_tools", function="truncate", rule="a width below 4",
                                      guard="if width < 4:\n    raise ValueError(f'width must be at least 4, got {width}')",
                                      bad_calls=["truncate('abcdef', 3)", "truncate('abc', 0)"]),
        "empty_name": Validation(kind="text_tools", function="initials", rule="a blank name",
                                 guard="if not name.strip():\n    raise ValueError('name is blank')",
                                 bad_calls=["initials('')", "initials('   ')"]),
    },
    magic={"ellipsis": Magic(function="truncate", literal="3", constant="ELLIPSIS_LENGTH",
                             meaning="the length of the ellipsis")},
    logs={"empty_slug": LogRule(function="slugify", when="a title gives an empty slug",
                                guard="if not re.findall(r'[a-z0-9]+', title.lower()):\n    logger.warning('empty slug for %r', title)",
                                trigger="slugify('!!!')", quiet="slugify('Hi there')")},
))


register_kind(Kind(
    name="units", module="units", about="Unit conversion: temperatures, distances, body-mass index",
    renames=["conversions", "measures", "metric"],
    values=lambda rng: {},
    source='''
    """Unit conversion for {company}: temperatures, distances and body-mass index."""

    KM_PER_MILE = 1.609344


    def celsius_to_fahrenheit(celsius):
        """Degrees Fahrenheit, rounded to 1 decimal."""
        return round(celsius * 9 / 5 + 32, 1)


    def fahrenheit_to_celsius(fahrenheit):
        """Degrees Celsius, rounded to 1 decimal."""
        return round((fahrenheit - 32) * 5 / 9, 1)


    def km_to_miles(km):
        """Miles in `km` kilometres, rounded to 2 decimals."""
        return round(km / KM_PER_MILE, 2)


    def bmi(weight_kg, height_m):
        """Body-mass index, rounded to 1 decimal."""
        return round(weight_kg / height_m ** 2, 1)


    def bmi_category(index):
        """'underweight' below 18.5, 'normal' below 25, 'overweight' below 30, else 'obese'."""
        if index < 18.5:
            return "underweight"
        if index < 25:
            return "normal"
        if index < 30:
            return "overweight"
        return "obese"
    ''',
    calls={"celsius_to_fahrenheit": ["100", "-40", "36.6"], "fahrenheit_to_celsius": ["212", "0"],
           "km_to_miles": ["10", "42.195"], "bmi": ["70, 1.75", "95, 1.8"],
           "bmi_category": ["18.5", "24.9", "25", "30"]},
    bugs=[
        Bug(id="fahrenheit_offset", function="celsius_to_fahrenheit", before="celsius * 9 / 5 + 32",
            after="(celsius + 32) * 9 / 5", symptom="every Fahrenheit temperature except -40 is wrong"),
        Bug(id="celsius_scale", function="fahrenheit_to_celsius", before="(fahrenheit - 32) * 5 / 9",
            after="(fahrenheit - 32) * 9 / 5", symptom="converted Celsius temperatures are far too large"),
        Bug(id="miles_inverted", function="km_to_miles", before="km / KM_PER_MILE", after="km * KM_PER_MILE",
            symptom="distances in miles come out larger than in kilometres"),
        Bug(id="bmi_square", function="bmi", before="height_m ** 2", after="height_m * 2",
            symptom="body-mass indexes come out far too large"),
        Bug(id="category_boundary", function="bmi_category", before="if index < 25:", after="if index <= 25:",
            symptom="an index of exactly 25 is called normal instead of overweight"),
    ],
    features=[
        Feature(kind="units", name="miles_to_km", argument="miles", arguments=lambda rng: str(rng.choice([1, 5, 26.2, 13.1])),
                body="return round(miles * KM_PER_MILE, 2)", behaviour="kilometres in `miles` miles, rounded to 2 decimals"),
        Feature(kind="units", name="kelvin_to_celsius", argument="kelvin", arguments=lambda rng: str(rng.choice([0, 273.15, 300, 373.15])),
                body="return round(kelvin - 273.15, 2)", behaviour="degrees Celsius for a temperature in kelvin, rounded to 2 decimals"),
    ],
    validations={
        "absolute_zero": Validation(kind="units", function="celsius_to_fahrenheit", rule="a temperature below absolute zero (-273.15)",
                                    guard="if celsius < -273.15:\n    raise ValueError(f'below absolute zero: {celsius}')",
                                    bad_calls=["celsius_to_fahrenheit(-300)", "celsius_to_fahrenheit(-273.16)"]),
        "zero_height": Validation(kind="units", function="bmi", rule="a height of 0 or less",
                                  guard="if height_m <= 0:\n    raise ValueError(f'height must be positive, got {height_m}')",
                                  bad_calls=["bmi(70, 0)", "bmi(70, -1.7)"]),
    },
    magic={"freezing": Magic(function="fahrenheit_to_celsius", literal="32", constant="FREEZING_F",
                             meaning="water's freezing point in Fahrenheit")},
    logs={"odd_height": LogRule(function="bmi", when="a height above 2.5 m is given (probably centimetres)",
                                guard="if height_m > 2.5:\n    logger.warning('height %s m looks like centimetres', height_m)",
                                trigger="bmi(70, 175)", quiet="bmi(70, 1.75)")},
))


register_kind(Kind(
    name="schedule", module="schedule", about="Scheduling: clock times, meeting overlaps, working days",
    renames=["calendar", "timetable", "agenda"],
    values=lambda rng: {},
    source='''
    """Scheduling for {company}: clock times, meeting overlaps and working days."""


    def to_minutes(clock):
        """Minutes after midnight of an 'HH:MM' time."""
        hours, minutes = clock.split(":")
        return int(hours) * 60 + int(minutes)


    def to_clock(minutes):
        """'HH:MM' for minutes after midnight, wrapping past midnight."""
        minutes %= 24 * 60
        return f"{{minutes // 60:02d}}:{{minutes % 60:02d}}"


    def end_time(start, duration):
        """'HH:MM' when a meeting starting at `start` and lasting `duration` minutes ends."""
        return to_clock(to_minutes(start) + duration)


    def overlaps(first, second):
        """True when two (start, end) 'HH:MM' meetings share some time; touching ends do not overlap."""
        return to_minutes(first[0]) < to_minutes(second[1]) and to_minutes(second[0]) < to_minutes(first[1])


    def is_working_day(weekday):
        """True for Monday (0) to Friday (4)."""
        return weekday < 5
    ''',
    calls={"to_minutes": ["'09:30'", "'00:05'"], "to_clock": ["75", "1440 + 61"],
           "end_time": ["'23:30', 45", "'09:15', 30"],
           "overlaps": ["('09:00', '10:00'), ('10:00', '11:00')", "('09:00', '10:30'), ('10:00', '11:00')",
                        "('13:00', '14:00'), ('09:00', '10:00')", "('10:00', '11:00'), ('09:00', '10:00')"],
           "is_working_day": ["4", "5", "0"]},
    bugs=[
        Bug(id="touching_overlap", function="overlaps",
            before="to_minutes(first[0]) < to_minutes(second[1]) and", after="to_minutes(first[0]) <= to_minutes(second[1]) and",
            symptom="back-to-back meetings are flagged as clashing"),
        Bug(id="hours_factor", function="to_minutes", before="int(hours) * 60", after="int(hours) * 100",
            symptom="times after the first hour come out with too many minutes"),
        Bug(id="midnight_wrap", function="to_clock", before="minutes %= 24 * 60", after="minutes %= 24 * 61",
            symptom="meetings running past midnight show the wrong end time"),
        Bug(id="friday_off", function="is_working_day", before="weekday < 5", after="weekday < 4",
            symptom="Friday is treated as a weekend day"),
        Bug(id="padding", function="to_clock", before="{minutes % 60:02d}", after="{minutes % 60}",
            symptom="times like 01:05 are shown as 01:5"),
    ],
    features=[
        Feature(kind="schedule", name="duration", argument="start, end",
                arguments=lambda rng: f"'{rng.choice(['08:15', '09:00', '13:40'])}', '{rng.choice(['14:05', '17:30'])}'",
                body="return to_minutes(end) - to_minutes(start)", behaviour="the minutes from `start` to `end` ('HH:MM' times on one day)"),
        Feature(kind="schedule", name="working_days", argument="weekdays",
                arguments=lambda rng: repr(rng.sample(range(7), 4)),
                body="return sum(1 for day in weekdays if day < 5)", behaviour="how many of the weekday numbers (0 = Monday) are Monday to Friday"),
    ],
    validations={
        "bad_clock": Validation(kind="schedule", function="to_minutes", rule="an hour above 23 or a minute above 59",
                                guard="h, m = (int(p) for p in clock.split(':'))\nif not (0 <= h <= 23 and 0 <= m <= 59):\n    raise ValueError(f'not a clock time: {clock}')",
                                bad_calls=["to_minutes('24:00')", "to_minutes('10:60')"]),
        "bad_weekday": Validation(kind="schedule", function="is_working_day", rule="a weekday number outside 0 to 6",
                                  guard="if not 0 <= weekday <= 6:\n    raise ValueError(f'weekday must be 0 to 6, got {weekday}')",
                                  bad_calls=["is_working_day(7)", "is_working_day(-1)"]),
    },
    magic={"workweek": Magic(function="is_working_day", literal="5", constant="WEEKEND_STARTS",
                             meaning="the first weekend day's number")},
    logs={"long_meeting": LogRule(function="end_time", level="info", when="a meeting runs past midnight",
                                  guard="if to_minutes(start) + duration >= 24 * 60:\n    logger.info('meeting from %s runs past midnight', start)",
                                  trigger="end_time('23:00', 120)", quiet="end_time('09:00', 30)")},
))


register_kind(Kind(
    name="stats", module="stats", about="Survey statistics: median, mode, percentages, spread",
    renames=["statistics", "survey", "figures"],
    values=lambda rng: {},
    source='''
    """Survey statistics for {company}: median, mode, percentages and spread."""


    def median(values):
        """The middle value; the mean of the two middle values for an even count."""
        ordered = sorted(values)
        middle = len(ordered) // 2
        if len(ordered) % 2:
            return ordered[middle]
        return (ordered[middle - 1] + ordered[middle]) / 2


    def mode(values):
        """The most common value; the smallest one on a tie."""
        counts = {{}}
        for value in values:
            counts[value] = counts.get(value, 0) + 1
        return min(counts, key=lambda value: (-counts[value], value))


    def percentage(part, whole):
        """`part` as a percentage of `whole`, rounded to 1 decimal."""
        return round(100 * part / whole, 1)


    def spread(values):
        """Highest minus lowest value."""
        return max(values) - min(values)
    ''',
    calls={"median": ["[5, 1, 3]", "[4, 1, 3, 2]"], "mode": ["[3, 1, 3, 2, 1]", "[7]", "[2, 2, 9, 9, 9]"],
           "percentage": ["1, 3", "45, 60"], "spread": ["[4, 9, 1, 7]", "[-3, 3]"]},
    bugs=[
        Bug(id="median_unsorted", function="median", before="ordered = sorted(values)", after="ordered = list(values)",
            symptom="the median of unsorted answers is just whatever sits in the middle of the list"),
        Bug(id="median_even", function="median", before="(ordered[middle - 1] + ordered[middle]) / 2",
            after="(ordered[middle] + ordered[middle]) / 2", symptom="the median of an even number of answers is too high"),
        Bug(id="mode_tie", function="mode", before="(-counts[value], value)", after="-counts[value]",
            symptom="on a tie the mode is the first value seen, not the smallest"),
        Bug(id="percent_scale", function="percentage", before="100 * part / whole", after="part / whole",
            symptom="percentages come out as fractions (0.3 instead of 33.3)"),
        Bug(id="spread_sign", function="spread", before="max(values) - min(values)", after="min(values) - max(values)",
            symptom="the spread of answers is negative"),
    ],
    features=[
        Feature(kind="stats", name="mean", argument="values", arguments=lambda rng: repr([rng.randint(1, 9) for _ in range(rng.randint(2, 5))]),
                body="return round(sum(values) / len(values), 2)", behaviour="the arithmetic mean, rounded to 2 decimals"),
        Feature(kind="stats", name="share_above", argument="values, bound",
                arguments=lambda rng: repr([rng.randint(1, 9) for _ in range(5)]) + f", {rng.randint(3, 6)}",
                body="return percentage(sum(1 for v in values if v > bound), len(values))",
                behaviour="the percentage of values strictly above `bound`, rounded to 1 decimal"),
    ],
    validations={
        "empty_values": Validation(kind="stats", function="median", rule="an empty list",
                                   guard="if not values:\n    raise ValueError('no values')", bad_calls=["median([])"]),
        "zero_whole": Validation(kind="stats", function="percentage", rule="a whole of 0",
                                 guard="if whole == 0:\n    raise ValueError('the whole must not be 0')",
                                 bad_calls=["percentage(1, 0)", "percentage(0, 0)"]),
    },
    magic={"hundred": Magic(function="percentage", literal="100", constant="PERCENT", meaning="the percent scale")},
    logs={"single_value": LogRule(function="spread", when="it is given a single value",
                                  guard="if len(values) == 1:\n    logger.warning('spread of a single value')",
                                  trigger="spread([4])", quiet="spread([4, 5])")},
))


register_kind(Kind(
    name="parking", module="parking", about="Car park fees: hourly rates, free first hour, daily cap",
    renames=["car_park", "tariffs", "fees"],
    values=lambda rng: {"hourly": rng.choice([1.5, 2.0, 2.5]), "cap": rng.choice([12, 15, 18])},
    source='''
    """Car park fees for {company}: hourly rates, a free first hour and a daily cap."""

    HOURLY = {hourly}
    DAILY_CAP = {cap}


    def billable_hours(minutes):
        """Started hours after a free first hour."""
        if minutes <= 60:
            return 0
        return (minutes - 60 + 59) // 60


    def fee(minutes):
        """HOURLY per billable hour, never more than DAILY_CAP per started day."""
        days = max((minutes + 1439) // 1440, 1)
        return min(billable_hours(minutes) * HOURLY, DAILY_CAP * days)


    def validated_fee(minutes, validated):
        """A validated ticket (a shop stamp) pays half, rounded to cents."""
        amount = fee(minutes)
        return round(amount / 2, 2) if validated else amount
    ''',
    calls={"billable_hours": ["60", "61", "180", "30"], "fee": ["90", "600", "3000", "60"],
           "validated_fee": ["150, True", "150, False"]},
    bugs=[
        Bug(id="free_hour_charged", function="billable_hours", before="(minutes - 60 + 59) // 60", after="(minutes + 59) // 60",
            symptom="stays over an hour are charged for the free first hour as well"),
        Bug(id="started_hour", function="billable_hours", before="60 + 59", after="60 + 0",
            symptom="a started hour is not charged until it is complete"),
        Bug(id="cap_per_day", function="fee", before="DAILY_CAP * days)", after="DAILY_CAP)",
            symptom="stays over several days pay just one day's cap"),
        Bug(id="validation_ignored", function="validated_fee", before="if validated else amount", after="if not validated else amount",
            symptom="validated tickets pay full price and others half"),
    ],
    features=[
        Feature(kind="parking", name="minutes_between", argument="entry, leave",
                arguments=lambda rng: f"{rng.randint(0, 600)}, {rng.randint(700, 2000)}",
                body="return leave - entry", behaviour="the minutes parked between an entry and a leaving time, both in minutes"),
    ],
    validations={
        "negative_minutes": Validation(kind="parking", function="fee", rule="a negative number of minutes",
                                       guard="if minutes < 0:\n    raise ValueError(f'minutes must not be negative, got {minutes}')",
                                       bad_calls=["fee(-1)", "fee(-90)"]),
    },
    magic={"free_hour": Magic(function="billable_hours", literal="59", constant="ROUND_UP_MINUTES",
                              meaning="the minutes added to round a started hour up")},
    logs={"capped": LogRule(function="fee", level="info", when="a fee is capped at the daily maximum",
                            guard="if billable_hours(minutes) * HOURLY > DAILY_CAP:\n    logger.info('fee capped for %s minutes', minutes)",
                            trigger="fee(1400)", quiet="fee(90)")},
))
