#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target into fuzz/corpus/<target>/ (committed; rerun after
changing it). Seeds are real traffic shapes: the streams and bodies FakeUpstream and the providers
send, the requests callers send, and the workspace files in resources/ and tests/.

Targets reading trailing control bytes with FuzzedDataProvider (chunk lengths, model choice, clock)
get a few bytes appended to each seed; the rest of the seed is the real input."""
import json
import os
import shutil

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
corpus = os.path.join(root, "fuzz", "corpus")


def write(target, name, data):
    d = os.path.join(corpus, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def compact(o):
    return json.dumps(o, separators=(",", ":"))


def openai_stream(model, words, usage=False, crlf=False):
    nl = "\r\n" if crlf else "\n"
    out = ""
    for i in range(words):
        o = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "model": model,
             "choices": [{"index": 0, "delta": {"content": "w%d " % i}, "finish_reason": None}]}
        out += "data: " + compact(o) + nl + nl
    last = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "model": model,
            "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
    if usage:
        last["usage"] = {"prompt_tokens": 12, "completion_tokens": words, "total_tokens": 12 + words}
    out += "data: " + compact(last) + nl + nl + "data: [DONE]" + nl + nl
    return out


def anthropic_stream(model, words):
    def ev(name, o):
        return "event: " + name + "\ndata: " + compact(o) + "\n\n"
    out = ev("message_start", {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": model,
        "usage": {"input_tokens": 13, "output_tokens": 1}}})
    out += ev("content_block_start", {"type": "content_block_start", "index": 0,
                                      "content_block": {"type": "text", "text": ""}})
    out += ": ping\n\n" + ev("ping", {"type": "ping"})
    for i in range(words):
        out += ev("content_block_delta", {"type": "content_block_delta", "index": 0,
                                          "delta": {"type": "text_delta", "text": "w%d " % i}})
    out += ev("content_block_stop", {"type": "content_block_stop", "index": 0})
    out += ev("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn"},
                                "usage": {"output_tokens": words}})
    out += ev("message_stop", {"type": "message_stop"})
    return out


# Trailing control bytes (read from the end): model choice, chunk count, chunk lengths.
SPLITS = bytes([7, 3, 1, 17, 5, 2, 0])

sse = {
    "openai": openai_stream("gpt-4o-mini", 3),
    "openai_usage": openai_stream("gpt-4o-mini-2024-07-18", 2, usage=True),
    "openai_crlf": openai_stream("m", 2, crlf=True),
    "openai_keepalive": ": keep-alive\n\n" + openai_stream("m", 1),
    "openai_error_null": 'data: {"model":"up","error":null,"choices":[]}\n\n',
    "openai_error": 'data: {"model":"up"}\n\ndata: {"error":{"message":"overloaded",'
                    '"type":"server_error","code":"overloaded"}}\n\n',
    "anthropic": anthropic_stream("claude-3-5-sonnet-20241022", 3),
    "anthropic_error": 'event: message_start\ndata: {"type":"message_start","message":'
                       '{"model":"c","usage":{"input_tokens":1}}}\n\nevent: error\ndata: '
                       '{"type":"error","error":{"type":"overloaded_error","message":'
                       '"Overloaded"}}\n\n',
    "anthropic_error_unreadable": "event: error\ndata: not json\n\n",
    "partial": 'data: {"model":"up","x":1}\n\ndata: {"mod',
}
for name, text in sse.items():
    write("fuzz_sserewriter", name, text.encode() + SPLITS)


def anthropic_tool_stream():
    def ev(name, o):
        return "event: " + name + "\ndata: " + compact(o) + "\n\n"
    out = ev("message_start", {"type": "message_start", "message": {
        "id": "msg_2", "type": "message", "role": "assistant", "model": "claude", "content": [],
        "stop_reason": None, "usage": {"input_tokens": 20, "output_tokens": 1}}})
    out += ev("content_block_start", {"type": "content_block_start", "index": 0,
                                      "content_block": {"type": "text", "text": ""}})
    out += ev("content_block_delta", {"type": "content_block_delta", "index": 0,
                                      "delta": {"type": "text_delta", "text": "Looking."}})
    out += ev("content_block_stop", {"type": "content_block_stop", "index": 0})
    out += ev("content_block_start", {"type": "content_block_start", "index": 1, "content_block": {
        "type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {}}})
    for part in ("", '{"city": ', '"Paris"}'):
        out += ev("content_block_delta", {"type": "content_block_delta", "index": 1, "delta": {
            "type": "input_json_delta", "partial_json": part}})
    out += ev("content_block_stop", {"type": "content_block_stop", "index": 1})
    out += ev("message_delta", {"type": "message_delta", "delta": {"stop_reason": "tool_use"},
                                "usage": {"output_tokens": 30}})
    out += ev("message_stop", {"type": "message_stop"})
    return out


def openai_tool_stream():
    def ch(delta, finish=None):
        return "data: " + compact({"id": "chatcmpl-2", "object": "chat.completion.chunk",
                                    "model": "gpt", "choices": [{"index": 0, "delta": delta,
                                                                  "finish_reason": finish}]}) + "\n\n"
    out = ch({"role": "assistant", "content": None, "tool_calls": [{
        "index": 0, "id": "call_a", "type": "function", "function": {"name": "a", "arguments": ""}}]})
    out += ch({"tool_calls": [{"index": 0, "function": {"arguments": '{"x":'}}]})
    out += ch({"tool_calls": [{"index": 0, "function": {"arguments": "1}"}}]})
    out += ch({"tool_calls": [{"index": 1, "id": "call_b", "type": "function",
                               "function": {"name": "b", "arguments": "{}"}}]})
    out += ch({}, "tool_calls")
    out += "data: " + compact({"id": "chatcmpl-2", "choices": [], "usage": {
        "prompt_tokens": 9, "completion_tokens": 4, "total_tokens": 13}}) + "\n\ndata: [DONE]\n\n"
    return out


# Trailing control bytes (read from the end): include_usage, chunk count, chunk lengths.
XSPLITS = bytes([7, 3, 1, 17, 5, 4, 1])
translated = {
    "anthropic_text": anthropic_stream("claude-3-5-sonnet-20241022", 3),
    "anthropic_tool": anthropic_tool_stream(),
    "anthropic_error": sse["anthropic_error"],
    "anthropic_max_tokens": anthropic_stream("c", 1).replace("end_turn", "max_tokens"),
    "openai_usage": openai_stream("gpt-4o-mini", 2, usage=True),
    "openai_crlf": openai_stream("m", 2, crlf=True),
    "openai_tool": openai_tool_stream(),
    "openai_error": sse["openai_error"],
    "openai_keepalive": sse["openai_keepalive"],
    "partial": openai_tool_stream()[:-20],
    # Repeated keys, integral doubles, escapes: where the simdjson and Qt readers must agree.
    "odd_json": 'data: {"id":"chatcmpl-3","choices":[{"index":0.0,"delta":{"content":"a\\u00e9",'
                '"content":"b"}}],"usage":{"prompt_tokens":1e1},"usage":{"completion_tokens":2}}'
                '\n\nevent: content_block_delta\ndata: {"t\\u0079pe":"content_block_delta",'
                '"index":1.0,"delta":{"type":"text_delta","text":"\\ud800"}}\n\n',
}
for name, text in translated.items():
    write("fuzz_streamtranslator", name, text.encode() + XSPLITS)

bodies = {
    "openai_chat": compact({"id": "chatcmpl-1", "object": "chat.completion", "created": 1,
                            "model": "gpt-4o-mini", "choices": [{"index": 0, "message": {
                                "role": "assistant", "content": "hi"}, "finish_reason": "stop"}],
                            "usage": {"prompt_tokens": 9, "completion_tokens": 1,
                                      "total_tokens": 10}}),
    "openai_spaced": '{ "id" : "c1", "model" : "up", "p": 1.50, "n": 12345678901234567890 }',
    "anthropic_message": compact({"id": "msg_1", "type": "message", "role": "assistant",
                                  "model": "claude-3-haiku", "content": [{"type": "text",
                                                                          "text": "hi"}],
                                  "stop_reason": "end_turn",
                                  "usage": {"input_tokens": 5, "output_tokens": 2}}),
    "embedding": compact({"object": "list", "data": [{"object": "embedding", "index": 0,
                                                      "embedding": [0.1, 0.2, 0.3]}],
                          "model": "text-embedding-3-small",
                          "usage": {"prompt_tokens": 3, "total_tokens": 3}}),
    "escaped_key": '{"mod\\u0065l":"up","usage":{"input_tokens":1}}',
    "duplicate_model": '{"model":"a","x":[1,{"model":"nested"}],"model":"b"}',
    "no_model": '{"usage":{"prompt_tokens":1}}',
    "not_object": '[1,2,3]',
    "unicode": '{"model":"\\ud83d\\ude00","text":"\u00e9\\n"}',
}
for name, text in bodies.items():
    write("fuzz_completebody", name, text.encode() + bytes([0]))

regions = {
    "one": "us-east-1", "several": "eu-west-1, eu-central-1,us-east-2",
    "lines": "eu-west-1\nus-east-1, ap-south-1", "bad_name": "eu.west.1",
    "empty_element": "a,,b", "empty": "", "spaces": "  a ,  b  ",
    "many": ",".join("r%d" % i for i in range(33)), "long": "x" * 65,
}
for name, text in regions.items():
    write("fuzz_regionheader", name, text)

retry = {
    "seconds": "\n120", "ms": "1500\n2", "ms_fraction": "12.5\n", "imf_date":
    "\nSun, 06 Nov 1994 08:49:37 GMT", "rfc850": "\nSunday, 06-Nov-94 08:49:37 GMT",
    "asctime": "\nSun Nov  6 08:49:37 1994", "future": "\nWed, 21 Oct 2037 07:28:00 GMT",
    "negative": "-5\n-7", "garbage": "abc\nsoon", "big_ms": "1e30\n", "big_seconds": "\n99999999999999999",
}
NOW = (1733100000).to_bytes(4, "little")  # 2024-12-02, read from the end as the clock
for name, text in retry.items():
    write("fuzz_retryafter", name, text.encode() + NOW)

msgs = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hello"}]
requests = {
    "chat": (0, "", compact({"model": "fast", "messages": msgs, "max_tokens": 64})),
    "chat_stream_tools": (0, "eu-west-1, eu-central-1\0",
                          compact({"model": "org/m", "stream": True, "messages": msgs,
                                   "tools": [{"type": "function", "function": {
                                       "name": "f", "parameters": {"type": "object"}}}],
                                   "response_format": {"type": "json_schema"}})),
    "chat_vision": (0, "", compact({"model": "vision", "messages": [{"role": "user", "content": [
        {"type": "text", "text": "what"}, {"type": "image_url",
                                           "image_url": {"url": "data:image/png;base64,AAAA"}}]}],
        "max_completion_tokens": 10})),
    "messages": (1, "us-east-1\0", compact({"model": "claude", "max_tokens": 100, "messages": [
        {"role": "user", "content": [{"type": "text", "text": "hi"}, {"type": "image",
                                                                     "source": {"type": "base64"}}]}],
        "tools": [{"type": "web_search_20250305", "name": "web_search"}]})),
    "embeddings": (2, "", compact({"model": "embed", "input": ["a", "b"]})),
    "bad_json": (0, "", '{"model": "x",'),
    "no_model": (0, "", '{"messages": []}'),
    "model_number": (0, "", '{"model": 5}'),
    "array": (1, "", '[]'),
}
for name, (endpoint, regions_prefix, body) in requests.items():
    write("fuzz_requestintake", name, (regions_prefix + body).encode() + bytes([endpoint]))

# The classifier: a caller's body, then the endpoint (0 chat completions, 1 messages, 2 responses)
# with bit 2 set (the body padded as the gateway receives it). One labelled example per class and
# endpoint of tests/data/classifier.
CLASSIFIER_ENDPOINTS = {"chat_completions": 0, "messages": 1, "responses": 2}
seen = set()
with open(os.path.join(root, "tests", "data", "classifier", "examples.jsonl"), encoding="utf-8") as f:
    for line in f:
        ex = json.loads(line)
        if (ex["label"], ex["endpoint"]) in seen:
            continue
        seen.add((ex["label"], ex["endpoint"]))
        write("fuzz_classifier", "%s_%s" % (ex["label"], ex["endpoint"]),
              compact(ex["body"]).encode() + bytes([CLASSIFIER_ENDPOINTS[ex["endpoint"]] | 4]))

for src in ("resources/demo-workspace.json", "tests/ui/studio-fixture.json"):
    with open(os.path.join(root, src), "rb") as f:
        write("fuzz_workspaceimport", os.path.basename(src), f.read())
write("fuzz_workspaceimport", "minimal", '{"format":"switchboard-workspace","version":1}')
write("fuzz_workspaceimport", "wrong_version", '{"format":"switchboard-workspace","version":2}')

# The inbound connection: raw caller bytes, then (from the end) piece lengths, piece count and the
# small-limits flag.
PIECES = bytes([9, 40, 3, 1, 5, 0])
chat = compact({"model": "fast", "messages": msgs})
http = {
    "post_chat": "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
                 "Authorization: Bearer sb-test\r\nContent-Type: application/json\r\n"
                 "Content-Length: %d\r\n\r\n%s" % (len(chat), chat),
    "pipelined": "GET /v1/models HTTP/1.1\r\nHost: localhost\r\n\r\n"
                 "GET /stream HTTP/1.1\r\nHost: localhost\r\n\r\n"
                 "GET /metrics?x=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    "chunked": "POST /v1/messages HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n"
               "x-api-key: sb-k\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n",
    "expect_continue": "POST /v1/embeddings HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n"
                       "Content-Length: 2\r\n\r\n{}",
    "http10": "GET /health HTTP/1.0\r\n\r\n",
    "regions": "POST /v1/chat/completions HTTP/1.1\r\nHost: [::1]:9\r\nx-gateway-model-regions: "
               "eu-west-1\r\nx-gateway-model-regions: us-east-1, ap-south-1\r\n"
               "Content-Length: 0\r\n\r\n",
    "malformed": "GARBAGE\x01 / HTTP/9\r\n\r\n",
    "too_large": "POST / HTTP/1.1\r\nContent-Length: 999999999999\r\n\r\n",
    "bad_chunk": "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
}
for name, text in http.items():
    write("fuzz_httpconnection", name, text.encode("latin-1") + PIECES)

# The upstream connection: a provider's raw answer, then (from the end) piece lengths, piece count
# and the method (0: HEAD).
def answer(status_line, headers, body):
    return status_line + "\r\n" + "".join(h + "\r\n" for h in headers) + "\r\n" + body


def chunked(text, size=40):
    out = ""
    for i in range(0, len(text), size):
        part = text[i:i + size]
        out += "%x\r\n%s\r\n" % (len(part), part)
    return out + "0\r\n\r\n"


UPIECES = bytes([30, 7, 64, 4, 1])
completion = bodies["openai_chat"]
upstream = {
    "json_200": answer("HTTP/1.1 200 OK", ["Content-Type: application/json",
                                           "Content-Length: %d" % len(completion)], completion),
    "sse_chunked": answer("HTTP/1.1 200 OK", ["Content-Type: text/event-stream",
                                              "Transfer-Encoding: chunked"],
                          chunked(sse["openai_usage"])),
    "anthropic_sse_close_delimited": answer("HTTP/1.1 200 OK",
                                            ["Content-Type: text/event-stream",
                                             "Connection: close"], sse["anthropic"]),
    "continue_then_200": "HTTP/1.1 100 Continue\r\n\r\n" + answer(
        "HTTP/1.1 200 OK", ["Content-Length: 2"], "{}"),
    "rate_limited": answer("HTTP/1.1 429 Too Many Requests",
                           ["Retry-After: 3", "retry-after-ms: 2500", "Content-Length: 59"],
                           '{"error":{"message":"slow down","type":"rate_limit_error"}}'),
    "no_content": answer("HTTP/1.1 204 No Content", [], ""),
    "truncated": answer("HTTP/1.1 200 OK", ["Content-Length: 100"], '{"model":"m"'),
    "garbage": "SSH-2.0-OpenSSH_9.2\r\n",
    # llhttp takes any number of up to three digits as a status: undecodable (R-REC-8).
    "status_2": answer("HTTP/1.1 2 OK", ["Content-Length: 2"], "{}"),
}
for name, text in upstream.items():
    write("fuzz_upstreamconnection", name, text.encode() + UPIECES)
