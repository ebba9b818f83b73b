"""Values both ways: every Python type a parameter can be, back through RETURN $p, and
what nodes, relationships, paths and temporal values arrive as (docs/python.md, "Values")."""

import datetime as dt
import math
from zoneinfo import ZoneInfo

import pytest

import quiver


def round_trip(conn, value):
    return conn.execute("RETURN $p AS p", {"p": value}).get_next()[0]


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        False,
        0,
        -(2**63),
        2**63 - 1,
        1.5,
        -0.0,
        "",
        "grüße ✓",
        [],
        [1, "two", 3.0, None, [True]],
        {},
        {"a": 1, "b": {"c": [1, 2]}, "d": None},
        dt.date(2024, 2, 29),
        dt.date(1, 1, 1),
        dt.date(9999, 12, 31),
        dt.time(0, 0),
        dt.time(23, 59, 59, 999999),
        dt.time(12, 30, 15, 250000, tzinfo=dt.timezone(dt.timedelta(hours=-5, minutes=-30))),
        dt.datetime(1984, 10, 11, 12, 31, 14, 645876),
        dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc),
        dt.datetime(2024, 6, 1, 8, 0, tzinfo=dt.timezone(dt.timedelta(hours=9))),
        dt.datetime(2024, 6, 1, 8, 0, tzinfo=ZoneInfo("Europe/Stockholm")),
        dt.datetime(2024, 1, 15, 8, 0, tzinfo=ZoneInfo("America/New_York")),
        quiver.Duration(months=14, days=3, seconds=3661, nanoseconds=5),
        quiver.Duration(seconds=-2, nanoseconds=500_000_000),
    ],
    ids=repr,
)
def test_round_trip(conn, value):
    got = round_trip(conn, value)
    assert got == value and type(got) is type(value)
    if isinstance(value, (dt.datetime, dt.time)) and value.tzinfo is not None:
        assert got.utcoffset() == value.utcoffset()
        assert type(got.tzinfo) is type(value.tzinfo)


def test_tuples_become_lists_and_nan_stays_nan(conn):
    assert round_trip(conn, (1, (2, 3))) == [1, [2, 3]]
    assert math.isnan(round_trip(conn, float("nan")))
    assert round_trip(conn, float("inf")) == float("inf")


def test_what_the_engine_sees(conn):
    row = conn.execute(
        "RETURN $i + 1, $f / 2, $s + '!', NOT $b, $l[0], $m.k, toString($d), toString($t),"
        " toString($tz), toString($ldt), toString($zdt), toString($dur), $d.year, $zdt.timezone",
        {
            "i": 1, "f": 1.0, "s": "s", "b": True, "l": [1], "m": {"k": 1},
            "d": dt.date(2020, 1, 1), "t": dt.time(1, 2),
            "tz": dt.time(1, 2, tzinfo=dt.timezone.utc), "ldt": dt.datetime(2020, 1, 1),
            "zdt": dt.datetime(2020, 1, 1, tzinfo=ZoneInfo("Asia/Tokyo")),
            "dur": dt.timedelta(hours=1),
        },
    ).get_next()
    assert row == [
        2, 0.5, "s!", False, 1, 1, "2020-01-01", "01:02", "01:02Z", "2020-01-01T00:00",
        "2020-01-01T00:00+09:00[Asia/Tokyo]", "PT1H", 2020, "Asia/Tokyo",
    ]


def test_zoned_datetime_keeps_its_zone_and_instant(conn):
    # 02:30 on 2024-10-27 happens twice in Stockholm: fold picks the later one (+01:00).
    first = dt.datetime(2024, 10, 27, 2, 30, tzinfo=ZoneInfo("Europe/Stockholm"))
    second = first.replace(fold=1)
    text = conn.execute("RETURN toString($a), toString($b)", {"a": first, "b": second}).get_next()
    assert text == ["2024-10-27T02:30+02:00[Europe/Stockholm]", "2024-10-27T02:30+01:00[Europe/Stockholm]"]
    back = conn.execute("RETURN $a, $b", {"a": first, "b": second}).get_next()
    assert [b.fold for b in back] == [0, 1]
    assert [b.utcoffset() for b in back] == [dt.timedelta(hours=2), dt.timedelta(hours=1)]
    # A zone named in Cypher arrives as a ZoneInfo.
    got = conn.execute("RETURN datetime('2015-07-21T21:40:32.142+01:00[Europe/London]') AS d").get_next()[0]
    assert got == dt.datetime(2015, 7, 21, 21, 40, 32, 142000, tzinfo=ZoneInfo("Europe/London"))
    assert got.tzinfo.key == "Europe/London"


def test_nanoseconds_are_truncated_to_microseconds(conn):
    row = conn.execute(
        "RETURN localtime('12:00:00.123456789'), datetime('2020-01-01T00:00:00.999999999Z'),"
        " localdatetime('2020-01-01T00:00:00.000000999'), duration('PT0.000001999S')"
    ).get_next()
    assert row[0] == dt.time(12, 0, 0, 123456)
    assert row[1] == dt.datetime(2020, 1, 1, 0, 0, 0, 999999, tzinfo=dt.timezone.utc)
    assert row[2] == dt.datetime(2020, 1, 1)
    assert row[3] == quiver.Duration(nanoseconds=1999)  # durations keep nanoseconds
    assert row[3].to_timedelta() == dt.timedelta(microseconds=1)


def test_durations(conn):
    d = conn.execute("RETURN duration({years: 1, months: 2, days: 3, hours: 4, minutes: 5, seconds: 6.5}) AS d").get_next()[0]
    assert (d.months, d.days, d.seconds, d.nanoseconds) == (14, 3, 4 * 3600 + 5 * 60 + 6, 500_000_000)
    assert str(d) == "P1Y2M3DT4H5M6.5S"
    with pytest.raises(ValueError, match="months"):
        d.to_timedelta()
    # A timedelta keeps its days; a negative one is its negated magnitude.
    assert str(round_trip(conn, dt.timedelta(days=1, hours=12))) == "P1DT12H"
    assert str(round_trip(conn, dt.timedelta(seconds=-1.5))) == "PT-1.5S"
    assert round_trip(conn, dt.timedelta(seconds=-1.5)).to_timedelta() == dt.timedelta(seconds=-1.5)
    assert quiver.Duration(seconds=1, nanoseconds=-1) == quiver.Duration(nanoseconds=999_999_999)


def test_values_python_cannot_hold(conn):
    with pytest.raises(ValueError, match="outside the years 1 to 9999"):
        conn.execute("RETURN date('+10000-01-01')").get_next()
    assert conn.execute("RETURN toString(date('+10000-01-01'))").get_next() == ["+10000-01-01"]


def test_values_quiver_cannot_hold(conn):
    with pytest.raises(OverflowError, match=r"parameter \$p: int out of the range"):
        round_trip(conn, 2**63)
    with pytest.raises(OverflowError):
        round_trip(conn, [-(2**63) - 1])
    with pytest.raises(TypeError, match=r"parameter \$p: a set has no Quiver value"):
        round_trip(conn, {1, 2})
    with pytest.raises(TypeError, match="dict key of type int"):
        round_trip(conn, {1: "a"})
    with pytest.raises(ValueError, match="no fixed offset"):
        round_trip(conn, dt.time(1, 0, tzinfo=ZoneInfo("Europe/Paris")))
    nested = []
    nested.append(nested)
    with pytest.raises(ValueError, match="nested more than"):
        round_trip(conn, nested)
    with pytest.raises(TypeError, match="parameters must be a dict"):
        conn.execute("RETURN 1", [1])


def test_numpy_and_pandas_scalars(conn):
    np = pytest.importorskip("numpy")
    pd = pytest.importorskip("pandas")
    assert round_trip(conn, np.int64(7)) == 7
    assert round_trip(conn, np.float64(0.25)) == 0.25
    stamp = pd.Timestamp("2020-01-01T00:00:00.000000123")
    assert conn.execute("RETURN toString($p)", {"p": stamp}).get_next() == ["2020-01-01T00:00:00.000000123"]


def test_parameter_names_may_carry_a_dollar(conn):
    assert conn.execute("RETURN $x + 1", {"$x": 1}).get_next() == [2]


def test_node_relationship_and_path_shapes(conn):
    conn.execute(
        "CREATE (:Person:Employee {name: 'Ada', _id: 'shadowed'})-[:KNOWS {since: 2020}]->(:Person {name: 'Bob'})"
    )
    a, r, b, p = conn.execute("MATCH p = (a)-[r:KNOWS]->(b) RETURN a, r, b, p").get_next()
    assert isinstance(a, dict) and isinstance(a, quiver.Node)
    assert a == {"_id": a["_id"], "_label": "Person", "_labels": ["Person", "Employee"], "name": "Ada"}
    assert r == {
        "_id": r["_id"], "_type": "KNOWS", "_label": "KNOWS", "_src": a["_id"], "_dst": b["_id"], "since": 2020,
    }
    assert isinstance(r, quiver.Relationship) and isinstance(p, quiver.Path)
    assert p == {"_nodes": [a, b], "_rels": [r]}
    assert conn.execute("RETURN {n: null}").get_next() == [{"n": None}]
    # A node with no label.
    conn.execute("CREATE ({x: 1})")
    assert conn.execute("MATCH (n {x: 1}) RETURN n").get_next()[0]["_label"] is None


def test_engine_round_trip_helper():
    from quiver import _quiver

    assert _quiver.to_value_and_back({"a": [dt.date(2020, 1, 2)]}) == {"a": [dt.date(2020, 1, 2)]}
