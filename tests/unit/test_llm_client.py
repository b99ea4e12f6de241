"""The model client against a real local OpenAI-protocol server: retries, cache, ledger, errors, keys."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

import pytest
from pydantic import BaseModel

from forge.errors import ConfigError, ModelOutputError, ModelRequestError, ModelUnavailableError
from forge.llm import CallContext, ChatRequest, EndpointConfig, ModelClient, Prices, endpoint_for
from forge.llm.limits import EndpointLimiter
from forge.settings import Settings
from forge.store import Store, open_store
from tests.support.openai_server import FakeOpenAI, Response, error, reply

KEY = "sk-test-SECRET-0123456789abcdef"


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return open_store(f"sqlite:///{tmp_path / 'forge.db'}")


def endpoint(server: FakeOpenAI, **overrides: object) -> EndpointConfig:
    values: dict[str, object] = {"role": "teacher", "base_url": server.base_url, "model": "fake-model", "api_key": KEY,
                                     "prices": Prices(input=2.0, cached_input=0.5, output=8.0), "max_retries": 3, "timeout_s": 10}
    values.update(overrides)
    return EndpointConfig(**values)  # type: ignore[arg-type]


def ask(text: str = "hi") -> ChatRequest:
    return ChatRequest(messages=[{"role": "user", "content": text}])


def test_retries_429_and_500_then_succeeds_and_records_one_paid_call(store: Store) -> None:
    with FakeOpenAI([error(429), error(500), reply("hello", prompt_tokens=1000, completion_tokens=100,
                                                     cached_tokens=400)]) as server:
        client = ModelClient(endpoint(server), store)
        answer = client.chat(ask(), CallContext(run_id="r1", task_id="t-1", episode_id="e-1"))
    assert answer.content == "hello" and len(server.requests) == 3
    assert {k.lower(): v for k, v in server.requests[0].headers.items()}["authorization"] == f"Bearer {KEY}"  # the key goes to the endpoint only
    # 600 uncached at $2/M + 400 cached at $0.5/M + 100 out at $8/M
    assert answer.cost_usd == pytest.approx((600 * 2 + 400 * 0.5 + 100 * 8) / 1e6)
    totals = store.model_call_totals("r1")
    assert totals["calls"] == 1 and totals["prompt_tokens"] == 1000 and totals["cached_tokens"] == 400
    assert totals["cost_usd"] == pytest.approx(answer.cost_usd)
    assert [line.key for line in store.cost_by("task")] == ["t-1"]


def test_retries_run_out_into_a_recorded_unavailable_error(store: Store) -> None:
    with FakeOpenAI(default=error(503, "overloaded")) as server:
        client = ModelClient(endpoint(server, max_retries=2), store)
        with pytest.raises(ModelUnavailableError, match="HTTP 503"):
            client.chat(ask(), CallContext(run_id="r1"))
    assert len(server.requests) == 3  # the first try and two retries
    totals = store.model_call_totals("r1")
    assert totals["calls"] == 1 and totals["errors"] == 1 and totals["cost_usd"] == 0


def test_a_refused_key_is_scrubbed_from_errors_logs_and_store(store: Store, caplog: pytest.LogCaptureFixture,
                                                             tmp_path: Path) -> None:
    caplog.set_level(logging.DEBUG)
    with FakeOpenAI(default=error(401, f"Incorrect API key provided: {KEY}")) as server:
        client = ModelClient(endpoint(server), store)
        with pytest.raises(ModelRequestError) as raised:
            client.chat(ask(), CallContext(run_id="r1"))
    message = str(raised.value)
    assert "HTTP 401" in message and "FORGE_TEACHER_API_KEY" in message and KEY not in message
    assert raised.value.__cause__ is None and KEY not in repr(client) and KEY not in repr(client.endpoint)
    assert KEY not in caplog.text and "[api key]" in caplog.text
    store.close()
    assert KEY.encode() not in (tmp_path / "forge.db").read_bytes()


def test_the_same_request_is_paid_once_and_served_from_the_store_after(store: Store) -> None:
    with FakeOpenAI([reply("first", prompt_tokens=50, completion_tokens=5)]) as server:
        ModelClient(endpoint(server), store).chat(ask("same"), CallContext(run_id="r1"))
        again = ModelClient(endpoint(server), store).chat(ask("same"), CallContext(run_id="r1"))  # a resumed run
        other_params = ChatRequest(messages=ask("same").messages, params={"temperature": 0.5})
        with pytest.raises(ModelUnavailableError):  # different parameters: a different request (script empty)
            ModelClient(endpoint(server, max_retries=0), store).chat(other_params)
    assert again.content == "first" and again.from_cache
    assert len(server.chat_requests()) == 2
    totals = store.model_call_totals("r1")
    assert totals["calls"] == 2 and totals["cache_hits"] == 1 and totals["prompt_tokens"] == 50


def test_without_the_cache_setting_every_call_goes_out(store: Store) -> None:
    with FakeOpenAI(default=reply("x")) as server:
        client = ModelClient(endpoint(server, response_cache=False), store)
        client.chat(ask())
        client.chat(ask())
    assert len(server.requests) == 2


class Verdict(BaseModel):
    passed: bool
    reason: str


def test_structured_reply_gets_one_repair_then_a_recorded_failure(store: Store) -> None:
    with FakeOpenAI([reply("not json"), reply('```json\n{"passed": true, "reason": "ok"}\n```'),
                     reply('{"passed": "maybe"}'), reply("still not")]) as server:
        client = ModelClient(endpoint(server, role="judge"), store)
        assert client.structured([{"role": "user", "content": "judge"}], Verdict) == Verdict(passed=True, reason="ok")
        with pytest.raises(ModelOutputError, match="invalid Verdict twice") as raised:
            client.structured([{"role": "user", "content": "judge again"}], Verdict)
    assert raised.value.raw == "still not"
    first, repair = server.chat_requests()[:2]
    assert first["response_format"]["json_schema"]["name"] == "Verdict"
    assert "does not validate" in repair["messages"][-1]["content"]
    assert store.model_call_totals()["calls"] == 4


def test_concurrency_per_endpoint_is_bounded(store: Store) -> None:
    in_flight, peak, lock = [0], [0], threading.Lock()

    def slow(_body: dict) -> Response:
        with lock:
            in_flight[0] += 1
            peak[0] = max(peak[0], in_flight[0])
        time.sleep(0.05)
        with lock:
            in_flight[0] -= 1
        return reply("ok")

    with FakeOpenAI(default=slow) as server:
        client = ModelClient(endpoint(server, max_concurrency=2, response_cache=False), store)
        threads = [threading.Thread(target=client.chat, args=(ask(str(i)),)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert len(server.requests) == 6 and peak[0] <= 2


def test_requests_per_minute_spaces_starts_by_the_token_bucket() -> None:
    """60 requests a minute: one start a second after the first, whatever the concurrency allows."""
    now, starts = [100.0], []

    def sleep(seconds: float) -> None:
        now[0] += seconds

    limiter = EndpointLimiter(8, requests_per_minute=60, clock=lambda: now[0], sleep=sleep)
    for _ in range(4):
        with limiter.slot():
            starts.append(now[0])
    assert [round(t - starts[0], 6) for t in starts] == [0.0, 1.0, 2.0, 3.0]
    now[0] += 10  # idle time refills at most a burst of one: no flood after a pause
    with limiter.slot():
        first = now[0]
    with limiter.slot():
        assert round(now[0] - first, 6) == 1.0
    unlimited = EndpointLimiter(8, clock=lambda: now[0], sleep=sleep)
    before = now[0]
    for _ in range(5):
        with unlimited.slot():
            pass
    assert now[0] == before


def test_roles_on_one_endpoint_share_its_limits(store: Store) -> None:
    with FakeOpenAI(default=lambda _b: reply("ok")) as server:
        teacher = ModelClient(endpoint(server, max_concurrency=3, requests_per_minute=600), store)
        judge = ModelClient(endpoint(server, role="judge", max_concurrency=3, requests_per_minute=600), store)
        other = ModelClient(endpoint(server, base_url=server.base_url + "/other", max_concurrency=3,
                                     requests_per_minute=600), store)
        assert teacher._limiter is judge._limiter and other._limiter is not teacher._limiter
        assert (teacher._limiter.max_concurrency, teacher._limiter.requests_per_minute) == (3, 600)


def test_endpoint_for_reads_settings_per_role() -> None:
    assert endpoint_for(Settings(_env_file=None), "teacher") is None  # type: ignore[call-arg]
    settings = Settings(_env_file=None, judge_base_url="http://127.0.0.1:9/v1", judge_model="j",  # type: ignore[call-arg]
                        judge_api_key=KEY, judge_price_input=3, judge_price_output=15)
    judge = endpoint_for(settings, "judge")
    assert judge is not None and judge.prices.cached_input == 3 and judge.model == "j"
    assert KEY not in judge.model_dump_json() and KEY not in repr(settings)
    with pytest.raises(ConfigError, match="FORGE_AUTHOR_MODEL"):
        endpoint_for(Settings(_env_file=None, author_base_url="http://x/v1"), "author")  # type: ignore[call-arg]


def test_a_timeout_is_retried_then_reported(store: Store) -> None:
    def stall(_body: dict) -> Response:
        time.sleep(1.0)
        return reply("late")

    with FakeOpenAI(default=stall) as server:
        client = ModelClient(endpoint(server, timeout_s=0.2, max_retries=1), store)
        with pytest.raises(ModelUnavailableError, match="timed out after 0.2s"):
            client.chat(ask())
    assert len(server.requests) == 2 and store.model_call_totals()["errors"] == 1
