#!/usr/bin/env python3
"""Writes examples.jsonl: labelled requests for the mixed-model sessions' classifier (docs/sessions.md).

Each example is a conversation written once and rendered as the body of one endpoint (chat
completions, messages or responses). Labels say what the task is, not what a rule catches.
Usage: make_examples.py [OUT]  (default: examples.jsonl next to this script)
"""
import json
import os
import sys

from texts import CHIT_CHAT, CODE, EXTRACTION, REASONING, SUMMARISATION, TOOL_USE

MODELS = {
    "chat_completions": "gpt-4o",
    "messages": "claude-sonnet-4",
    "responses": "gpt-4.1",
}


def chat_body(ex):
    msgs = []
    if ex.get("system"):
        msgs.append({"role": "system", "content": ex["system"]})
    for n, turn in enumerate(ex["turns"]):
        role, content = turn[0], turn[1]
        if role == "call":
            msgs.append({"role": "assistant", "content": None, "tool_calls": [
                {"id": f"call_{n}", "type": "function",
                 "function": {"name": content, "arguments": json.dumps(turn[2])}}]})
        elif role == "result":
            msgs.append({"role": "tool", "tool_call_id": f"call_{n - 1}", "content": content})
        elif role == "user" and ex.get("parts"):
            msgs.append({"role": "user", "content": [{"type": "text", "text": content}]})
        else:
            msgs.append({"role": role, "content": content})
    body = {"model": MODELS["chat_completions"], "messages": msgs}
    if ex.get("tools"):
        body["tools"] = [{"type": "function", "function": {
            "name": t[0], "description": t[1], "parameters": t[2]}} for t in ex["tools"]]
    if ex.get("json"):
        body["response_format"] = ({"type": "json_object"} if ex["json"] is True else
                                   {"type": "json_schema",
                                    "json_schema": {"name": "out", "schema": ex["json"]}})
    if ex.get("stream"):
        body["stream"] = True
    return body


def messages_body(ex):
    msgs = []
    for n, turn in enumerate(ex["turns"]):
        role, content = turn[0], turn[1]
        if role == "call":
            msgs.append({"role": "assistant", "content": [
                {"type": "text", "text": "Let me check."},
                {"type": "tool_use", "id": f"toolu_{n}", "name": content, "input": turn[2]}]})
        elif role == "result":
            msgs.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": f"toolu_{n - 1}", "content": content}]})
        elif role == "user" and ex.get("parts"):
            msgs.append({"role": "user", "content": [{"type": "text", "text": content}]})
        else:
            msgs.append({"role": role, "content": content})
    body = {"model": MODELS["messages"], "max_tokens": 1024, "messages": msgs}
    if ex.get("system"):
        body["system"] = ex["system"]
    if ex.get("tools"):
        body["tools"] = [{"name": t[0], "description": t[1], "input_schema": t[2]}
                         for t in ex["tools"]]
    return body


def responses_body(ex):
    body = {"model": MODELS["responses"]}
    if ex.get("system"):
        body["instructions"] = ex["system"]
    turns = ex["turns"]
    if len(turns) == 1 and turns[0][0] == "user" and not ex.get("parts"):
        body["input"] = turns[0][1]
    else:
        items = []
        for n, turn in enumerate(turns):
            role, content = turn[0], turn[1]
            if role == "call":
                items.append({"type": "function_call", "call_id": f"call_{n}", "name": content,
                              "arguments": json.dumps(turn[2])})
            elif role == "result":
                items.append({"type": "function_call_output", "call_id": f"call_{n - 1}",
                              "output": content})
            elif role == "user":
                items.append({"role": "user",
                              "content": [{"type": "input_text", "text": content}]})
            else:
                items.append({"role": "assistant",
                              "content": [{"type": "output_text", "text": content}]})
        body["input"] = items
    if ex.get("tools"):
        body["tools"] = [{"type": "function", "name": t[0], "description": t[1],
                          "parameters": t[2]} for t in ex["tools"]]
    if ex.get("json"):
        fmt = ({"type": "json_object"} if ex["json"] is True else
               {"type": "json_schema", "name": "out", "schema": ex["json"]})
        body["text"] = {"format": fmt}
    return body


RENDER = {"chat_completions": chat_body, "messages": messages_body, "responses": responses_body}
# Mostly chat completions, a good share of messages, some responses.
ROTATION = ["chat_completions", "messages", "chat_completions", "responses", "chat_completions",
            "messages", "chat_completions"]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "examples.jsonl")
    groups = [("chit_chat", CHIT_CHAT), ("extraction", EXTRACTION),
              ("summarisation", SUMMARISATION), ("code", CODE), ("reasoning", REASONING),
              ("tool_use", TOOL_USE)]
    lines = []
    for offset, (label, examples) in enumerate(groups):
        for i, ex in enumerate(examples):
            endpoint = ex.get("endpoint") or ROTATION[(i + offset) % len(ROTATION)]
            if endpoint == "messages" and ex.get("json"):
                endpoint = "chat_completions"  # Anthropic has no response format
            lines.append(json.dumps({"label": label, "endpoint": endpoint, "note": ex["note"],
                                     "body": RENDER[endpoint](ex)}, ensure_ascii=False))
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} examples written to {out}")


if __name__ == "__main__":
    main()
