// Budgets and rate limits (R-BILL-3, R-BILL-4) as the official SDKs meet them, in their current
// and previous majors (sdks.mjs): a budget_exceeded 429 says x-should-retry: false, so an SDK
// throws its RateLimitError after one request; a rate_limit_exceeded 429 says x-should-retry: true
// and when the window frees (retry-after-ms, retry-after), so an SDK waits that long and its retry
// is served. Each SDK has keys of its own: its rpm-1 window is its own, and the SDKs' retries wait
// out their windows side by side (the suite takes about one window, 60 s). What reached the
// gateway is counted twice: by a fetch wrapper given to each client, and in the receipts.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';

import { callerKey, FakeUpstream, Gateway } from './harness.mjs';
import { anthropicMajors, openaiMajors } from './sdks.mjs';

const hello = [{ role: 'user', content: 'Hello' }];

// One SDK major as these tests drive it: a client with a fetch wrapper, one call with its raw
// response, and the refusal's code and type as that SDK exposes them.
const sdks = [
    ...openaiMajors.map(({ label, OpenAI }, i) => ({
        label,
        slug: `openai${i}`,
        RateLimitError: OpenAI.RateLimitError,
        client: (apiKey, fetch) => new OpenAI({ apiKey, baseURL: `${gateway.origin}/v1`, fetch }),
        call: (client) => client.chat.completions.create({ model: 'sim/gpt-4o', messages: hello }).withResponse(),
        // The Responses API answers in the same (OpenAI) shape.
        callOther: (client) => client.responses.create({ model: 'sim/gpt-4o', input: 'Hello' }),
        refusal: (e) => ({ code: e.code, type: e.type }),
    })),
    ...anthropicMajors.map(({ label, Anthropic }, i) => ({
        label,
        slug: `anthropic${i}`,
        RateLimitError: Anthropic.RateLimitError,
        client: (apiKey, fetch) => new Anthropic({ apiKey, baseURL: gateway.origin, fetch }),
        call: (client) =>
            client.messages.create({ model: 'sim/claude-sonnet-5', max_tokens: 64, messages: hello }).withResponse(),
        callOther: null,
        // The body as the SDK keeps it: {"type":"error","error":{type, message, details}}.
        refusal: (e) => ({ code: e.error?.error?.details?.error_code, type: e.error?.error?.type }),
    })),
];

// Keys by name: budget keys of the OpenAI majors have a daily budget of 0 themselves, those of the
// Anthropic majors are in a project with one (either level refuses); rpm keys allow one request a
// minute. The raw-* keys serve the plain fetch checks.
const keys = new Map();
function defineKey(name, project, limits) {
    const secret = `sb-limits-${name}-${createHash('sha256').update(name).digest('hex').slice(0, 24)}`;
    const id = `key_${createHash('sha256').update(`id:${name}`).digest('hex').slice(0, 12)}`;
    keys.set(name, { name, id, secret, project, limits });
}
for (const { slug } of sdks) {
    if (slug.startsWith('openai')) defineKey(`${slug}-budget`, 'default', { dailyUsd: 0 });
    else defineKey(`${slug}-budget`, 'broke', {});
    defineKey(`${slug}-rpm`, 'default', { requestsPerMinute: 1 });
}
defineKey('raw-budget', 'broke', {});
defineKey('raw-rpm', 'default', { requestsPerMinute: 1 });

function addLimits(ws) {
    ws.projects.push({ id: 'broke', name: 'Broke', limits: { dailyUsd: 0 } });
    for (const k of keys.values()) {
        const key = {
            id: k.id,
            project: k.project,
            name: k.name,
            prefix: k.secret.slice(0, 10),
            sha256Hex: createHash('sha256').update(k.secret).digest('hex'),
        };
        if (Object.keys(k.limits).length) key.limits = k.limits;
        ws.keys.push(key);
    }
}

// global fetch, recording the status and headers of every answer the SDK received.
function countingFetch() {
    const seen = [];
    const counted = async (url, init) => {
        const res = await fetch(url, init);
        seen.push({ status: res.status, headers: res.headers, at: Date.now() });
        return res;
    };
    return { fetch: counted, seen };
}

// Seconds from now to the next UTC midnight, when a daily budget resets.
function secondsToUtcMidnight() {
    const now = new Date();
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    return (next - now.getTime()) / 1000;
}

// A budget refusal's headers: no retry, retry-after at the day's end (the only budget set).
function assertBudgetHeaders(headers) {
    assert.equal(headers.get('x-should-retry'), 'false');
    assert.equal(headers.get('retry-after-ms'), null);
    const retryAfter = Number(headers.get('retry-after'));
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 86400, `retry-after ${retryAfter}`);
    // Within a minute of the reset either way, modulo a day (a test run may pass midnight).
    const off = (((retryAfter - secondsToUtcMidnight()) % 86400) + 86400) % 86400;
    assert.ok(off <= 60 || off >= 86400 - 60, `retry-after ${retryAfter}, ${secondsToUtcMidnight()} s to midnight`);
}

// A rate-limit refusal's headers, just after the key's one admitted call: retry when the window
// frees, which is at most 60 s and nearly all of it away.
function assertRateLimitHeaders(headers) {
    assert.equal(headers.get('x-should-retry'), 'true');
    const ms = Number(headers.get('retry-after-ms'));
    assert.ok(ms > 50000 && ms <= 60000, `retry-after-ms ${headers.get('retry-after-ms')}`);
    assert.equal(headers.get('retry-after'), String(Math.ceil(ms / 1000)));
    assert.equal(headers.get('x-ratelimit-limit-requests'), '1');
    assert.equal(headers.get('x-ratelimit-remaining-requests'), '0');
}

// The standing after a call admitted into an empty rpm-1 window: none left, the window empty in
// (nearly) a minute.
function assertFullWindow(headers) {
    assert.equal(headers.get('x-ratelimit-limit-requests'), '1');
    assert.equal(headers.get('x-ratelimit-remaining-requests'), '0');
    const text = headers.get('x-ratelimit-reset-requests');
    const reset = /^(\d+)s$/.exec(text ?? '');
    assert.ok(reset && Number(reset[1]) > 50 && Number(reset[1]) <= 60, `reset ${text}`);
}

let gateway;

describe('budgets and rate limits through the official SDKs', () => {
    let fake;
    // Budget refusals the tests provoked, by key name (the receipts must show as many).
    const budgetCalls = new Map();
    const countBudgetCall = (name) => budgetCalls.set(name, (budgetCalls.get(name) ?? 0) + 1);

    before(async () => {
        fake = new FakeUpstream();
        await fake.start();
        gateway = await Gateway.start(fake, addLimits);
    });

    after(async () => {
        await fake?.stop();
        await gateway?.stop();
    });

    for (const sdk of sdks) {
        test(`${sdk.label}: budget_exceeded throws RateLimitError after one request, no retry`, async () => {
            const { fetch, seen } = countingFetch();
            // The SDK's default of 2 retries: none may be used.
            const client = sdk.client(keys.get(`${sdk.slug}-budget`).secret, fetch);
            const calls = [sdk.call];
            if (sdk.callOther) calls.push(sdk.callOther);
            for (const call of calls) {
                const before = seen.length;
                const error = await call(client).then(
                    () => assert.fail('a budget of 0 served a call'),
                    (e) => e,
                );
                countBudgetCall(`${sdk.slug}-budget`);
                assert.ok(error instanceof sdk.RateLimitError, `${error}`);
                assert.equal(error.status, 429);
                assert.deepEqual(sdk.refusal(error), { code: 'budget_exceeded', type: 'rate_limit_error' });
                assert.equal(seen.length - before, 1, 'requests that reached the gateway');
                assert.equal(seen.at(-1).status, 429);
                assertBudgetHeaders(seen.at(-1).headers);
            }
        });
    }

    test('/v1/messages: both refusals in the Anthropic shape, with their headers', async () => {
        const post = (name) =>
            fetch(`${gateway.origin}/v1/messages`, {
                method: 'POST',
                headers: {
                    'content-type': 'application/json',
                    'x-api-key': keys.get(name).secret,
                    'anthropic-version': '2023-06-01',
                },
                body: JSON.stringify({ model: 'sim/claude-sonnet-5', max_tokens: 16, messages: hello }),
            });
        const refusalBody = (code, body) => {
            assert.equal(body.type, 'error');
            assert.equal(body.error.type, 'rate_limit_error');
            assert.equal(body.error.details.error_code, code);
            assert.equal(typeof body.error.message, 'string');
        };

        const broke = await post('raw-budget');
        countBudgetCall('raw-budget');
        assert.equal(broke.status, 429);
        assertBudgetHeaders(broke.headers);
        refusalBody('budget_exceeded', await broke.json());

        const first = await post('raw-rpm');
        assert.equal(first.status, 200);
        assertFullWindow(first.headers);
        assert.equal((await first.json()).type, 'message');
        const second = await post('raw-rpm');
        assert.equal(second.status, 429);
        assertRateLimitHeaders(second.headers);
        refusalBody('rate_limit_exceeded', await second.json());
    });

    // Every SDK waits out its own key's window at the same time.
    describe('rate_limit_exceeded: the SDK waits Retry-After and its retry is served', { concurrency: true }, () => {
        for (const sdk of sdks) {
            test(sdk.label, { timeout: 150000 }, async (t) => {
                const { fetch, seen } = countingFetch();
                const client = sdk.client(keys.get(`${sdk.slug}-rpm`).secret, fetch);
                const first = await sdk.call(client);
                assert.equal(first.response.status, 200);
                assertFullWindow(first.response.headers);
                assert.equal(seen.length, 1);

                // The SDK's default of 2 retries; one must be enough.
                const second = await sdk.call(client);
                assert.equal(second.response.status, 200);
                assert.deepEqual(
                    seen.map((s) => s.status),
                    [200, 429, 200],
                    'the refused request and the one retry that was served',
                );
                assertRateLimitHeaders(seen[1].headers);
                // The retry was admitted into a window the first call had left, and fills it.
                assertFullWindow(second.response.headers);
                // For the record only (tests do not assert on wall time).
                t.diagnostic(
                    `retry-after-ms ${seen[1].headers.get('retry-after-ms')}, ` +
                        `retried after ${seen[2].at - seen[1].at} ms`,
                );
            });
        }
    });

    test('the refusals are counted in /metrics and receipted without an attempt', async () => {
        const metrics = await (
            await fetch(`${gateway.origin}/metrics`, { headers: { authorization: `Bearer ${callerKey}` } })
        ).text();
        const refusals = (code) => {
            const line = new RegExp(`^switchboard_budget_refusals_total\\{code="${code}"\\} (\\d+)$`, 'm');
            return Number(line.exec(metrics)?.[1]);
        };
        const budgetTotal = [...budgetCalls.values()].reduce((a, b) => a + b, 0);
        assert.equal(refusals('budget_exceeded'), budgetTotal);
        // One per SDK and one from the plain fetch check.
        assert.equal(refusals('rate_limit_exceeded'), sdks.length + 1);

        await gateway.terminate();
        const rows = await gateway.query(
            'select key_id, http_status, error_code, attempts_count from receipt order by id',
        );
        for (const k of keys.values()) {
            const mine = rows.filter((r) => r.key_id === k.id).map(({ key_id, ...rest }) => rest);
            const refused = (code) => ({ http_status: 429, error_code: code, attempts_count: 0 });
            if (k.name.endsWith('-budget')) {
                assert.deepEqual(mine, Array(budgetCalls.get(k.name)).fill(refused('budget_exceeded')), k.name);
            } else {
                const served = mine.filter((r) => r.http_status === 200);
                assert.equal(served.length, k.name === 'raw-rpm' ? 1 : 2, k.name);
                assert.deepEqual(
                    mine.filter((r) => r.http_status !== 200),
                    [refused('rate_limit_exceeded')],
                    k.name,
                );
            }
        }
    });
});
