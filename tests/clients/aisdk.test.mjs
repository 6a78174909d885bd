// The Vercel AI SDK (ai, @ai-sdk/openai, @ai-sdk/anthropic; package.json pins the versions) against
// switchboard-gateway, as its users point it there: createOpenAI / createAnthropic with the gateway's
// base URL. Its default OpenAI provider, openai('model'), calls POST /v1/responses (R-RESP-1);
// openai.chat('model') calls /v1/chat/completions, openai.embedding('model') /v1/embeddings and the
// Anthropic provider /v1/messages. Each is driven through generateText, streamText, a tool loop over
// two steps (the fake upstream calls the tool first and answers its result in text), generateObject
// and embeddings, against the fake upstream of each dialect.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, embed, embedMany, generateObject, generateText, Output, stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';

import { callerKey, FakeUpstream, Gateway } from './harness.mjs';
import { versionOf } from './sdks.mjs';

// The SDK's warnings (generateObject deprecated, unknown model ids) are not what these tests check.
globalThis.AI_SDK_LOG_WARNINGS = false;

const versions = `ai ${versionOf('ai')}, @ai-sdk/openai ${versionOf('@ai-sdk/openai')}, @ai-sdk/anthropic ${versionOf('@ai-sdk/anthropic')}`;

let fake;
let gateway;
let openai;
let anthropic;
// Request ids the gateway answered with (x-request-id), with the endpoint their receipt names.
const seen = [];

before(async () => {
    fake = new FakeUpstream();
    await fake.start();
    gateway = await Gateway.start(fake);
    // Each call passes maxRetries: 0: one SDK call, one gateway call (the gateway retries itself).
    openai = createOpenAI({ apiKey: callerKey, baseURL: `${gateway.origin}/v1` });
    anthropic = createAnthropic({ apiKey: callerKey, baseURL: `${gateway.origin}/v1` });
});

// The fake upstream first: it cuts anything a failed test left held, so the gateway can stop.
after(async () => {
    await fake?.stop();
    await gateway?.stop();
});

// The upstream requests made while fn ran.
async function upstreamDuring(fn) {
    const from = fake.requests.length;
    const result = await fn();
    return { result, sent: fake.requests.slice(from) };
}

const weather = tool({
    description: 'Weather in a city',
    inputSchema: z.object({ city: z.string(), unit: z.string().optional() }),
    execute: async ({ city }) => (city === 'Paris' ? '21 C' : '19 C'),
});

const forecastSchema = z.object({ city: z.string(), temperature_c: z.number() });

// The text of a chat tool message or of an Anthropic tool_result block's content.
function contentText(content) {
    return typeof content === 'string' ? content : content.map((part) => part.text).join('');
}

// What each provider's model sends upstream: the path on the fake, how the tool loop's second
// request carries the tool's result, and the fake's usage for a whole answer.
const chatToolResult = (body) => {
    const last = body.messages.at(-1);
    assert.equal(last.role, 'tool');
    return [last.tool_call_id, contentText(last.content)];
};
const messagesToolResult = (body) => {
    const last = body.messages.at(-1);
    assert.equal(last.role, 'user');
    const [result] = last.content.filter((b) => b.type === 'tool_result');
    return [result.tool_use_id, contentText(result.content)];
};

const providers = [
    {
        title: 'openai(), the default provider: /v1/responses served by chat completions',
        model: () => openai('fake/gpt-4o'),
        endpoint: 'responses',
        path: '/v1/chat/completions',
        wholeUsage: { inputTokens: 7, outputTokens: 5 },
        streamUsage: { inputTokens: 3, outputTokens: 2 },
        call: { toolCallId: 'call_fake_1', input: { city: 'Paris', unit: 'celsius' } },
        streamedCallId: 'call_fake_s1',
        toolResult: chatToolResult,
        object: 'served',
    },
    {
        // The Anthropic fake's tool step has text too; with the SDK's default store: true the next
        // step would send that text as an item_reference, which only a stateful server can resolve.
        title: 'openai() with store: false: /v1/responses served by messages',
        model: () => openai('fake/claude'),
        providerOptions: { openai: { store: false } },
        endpoint: 'responses',
        path: '/v1/messages',
        wholeUsage: { inputTokens: 7, outputTokens: 5 },
        streamUsage: { inputTokens: 7, outputTokens: 2 },
        call: { toolCallId: 'toolu_fake_1', input: { city: 'Paris' } },
        streamedCallId: 'toolu_fake_1',
        toolResult: messagesToolResult,
        object: 'refused',
    },
    {
        title: 'openai.chat(): /v1/chat/completions',
        model: () => openai.chat('fake/gpt-4o'),
        endpoint: 'chat_completions',
        path: '/v1/chat/completions',
        wholeUsage: { inputTokens: 7, outputTokens: 5 },
        streamUsage: { inputTokens: 3, outputTokens: 2 },
        call: { toolCallId: 'call_fake_1', input: { city: 'Paris', unit: 'celsius' } },
        streamedCallId: 'call_fake_s1',
        toolResult: chatToolResult,
        object: 'served',
    },
    {
        title: 'anthropic(): /v1/messages',
        model: () => anthropic('fake/claude'),
        endpoint: 'messages',
        path: '/v1/messages',
        wholeUsage: { inputTokens: 7, outputTokens: 5 },
        streamUsage: { inputTokens: 7, outputTokens: 2 },
        call: { toolCallId: 'toolu_fake_1', input: { city: 'Paris' } },
        streamedCallId: 'toolu_fake_1',
        toolResult: messagesToolResult,
        object: 'untested',
    },
];

describe(versions, () => {
    for (const p of providers) {
        describe(p.title, () => {
            test('generateText', async () => {
                const { result, sent } = await upstreamDuring(() =>
                    generateText({ model: p.model(), providerOptions: p.providerOptions, prompt: 'Hello', maxRetries: 0 }),
                );
                assert.deepEqual(sent.map((r) => r.path), [p.path]);
                assert.equal(result.text, 'Hello from the fake upstream.');
                assert.equal(result.finishReason, 'stop');
                assert.equal(result.usage.inputTokens, p.wholeUsage.inputTokens);
                assert.equal(result.usage.outputTokens, p.wholeUsage.outputTokens);
                const id = result.response.headers['x-request-id'];
                assert.match(id, /^req_/);
                seen.push({ id, endpoint: p.endpoint });
            });

            test('streamText, read piece by piece before the upstream has finished', { timeout: 60000 }, async () => {
                const held = fake.holdNextStream();
                const result = streamText({ model: p.model(), providerOptions: p.providerOptions, prompt: 'Hello', maxRetries: 0 });
                const pieces = result.textStream[Symbol.asyncIterator]();
                let text = '';
                while (!text.includes('Hel')) {
                    const { value, done } = await pieces.next();
                    assert.equal(done, false, 'the stream ended before the held piece');
                    text += value;
                }
                assert.equal(held.waiting, true, 'the upstream is still holding the rest of its answer');
                held.release();
                for (let r = await pieces.next(); !r.done; r = await pieces.next()) text += r.value;
                assert.equal(text, 'Hello');
                assert.equal(await result.finishReason, 'stop');
                const usage = await result.usage;
                assert.equal(usage.inputTokens, p.streamUsage.inputTokens);
                assert.equal(usage.outputTokens, p.streamUsage.outputTokens);
            });

            for (const streamed of [false, true]) {
                test(`a tool loop over two steps (${streamed ? 'streamText' : 'generateText'}, stopWhen)`, async () => {
                    const ask = {
                        model: p.model(),
                        providerOptions: p.providerOptions,
                        prompt: 'Weather in Paris?',
                        tools: { get_weather: weather },
                        stopWhen: stepCountIs(3),
                        maxRetries: 0,
                    };
                    const { result, sent } = await upstreamDuring(async () => {
                        if (!streamed) return generateText(ask);
                        const r = streamText(ask);
                        return { text: await r.text, steps: await r.steps, finishReason: await r.finishReason };
                    });
                    assert.deepEqual(sent.map((r) => r.path), [p.path, p.path], 'one upstream request per step');
                    assert.equal(result.steps.length, 2);
                    const [first, second] = result.steps;
                    assert.equal(first.finishReason, 'tool-calls');
                    const [call] = first.toolCalls;
                    assert.equal(call.toolName, 'get_weather');
                    assert.equal(call.toolCallId, streamed ? p.streamedCallId : p.call.toolCallId);
                    assert.deepEqual(call.input, p.call.input);
                    assert.deepEqual(first.toolResults.map((r) => r.output), ['21 C']);
                    // The second request carries the tool's result after its call; the fake answers it.
                    const [id, output] = p.toolResult(sent[1].body);
                    assert.equal(id, call.toolCallId);
                    assert.match(output, /21 C/);
                    assert.equal(second.finishReason, 'stop');
                    assert.equal(result.text, `Tool results: ${output}`);
                    assert.equal(result.finishReason, 'stop');
                });
            }

            const ask = () => ({ model: p.model(), providerOptions: p.providerOptions, prompt: 'Weather in Paris as JSON', maxRetries: 0 });
            const structured = [
                ['generateObject', () => generateObject({ ...ask(), schema: forecastSchema }).then((r) => r.object)],
                ['generateText with Output.object', () => generateText({ ...ask(), output: Output.object({ schema: forecastSchema }) }).then((r) => r.output)],
            ];
            for (const [how, call] of structured) {
                if (p.object === 'served') {
                    test(`${how}: a JSON schema response format`, async () => {
                        const { result, sent } = await upstreamDuring(call);
                        assert.deepEqual(sent.map((r) => r.path), [p.path]);
                        assert.equal(sent[0].body.response_format.type, 'json_schema');
                        assert.deepEqual(Object.keys(sent[0].body.response_format.json_schema.schema.properties), ['city', 'temperature_c']);
                        assert.deepEqual(result, { city: 'Paris', temperature_c: 21 });
                    });
                } else if (p.object === 'refused') {
                    // A json_schema format is not carried towards Anthropic (R-XLAT-3): refused, not dropped.
                    test(`${how}: a JSON schema format the connection cannot carry is a 400`, async () => {
                        const { result: error, sent } = await upstreamDuring(() =>
                            call().then(
                                () => assert.fail('a json_schema format reached an Anthropic connection'),
                                (e) => e,
                            ),
                        );
                        assert.ok(APICallError.isInstance(error), `${error.constructor.name}: ${error.message}`);
                        assert.equal(error.statusCode, 400);
                        assert.equal(JSON.parse(error.responseBody).error.code, 'route_constraints_unmet');
                        assert.deepEqual(sent, [], 'nothing reached the upstream');
                    });
                }
            }
        });
    }

    // The gateway keeps nothing between calls (R-RESP-2): an item_reference is refused, naming the fix.
    test('openai() with the default store: true: a tool loop whose step had text gets 400 for the item_reference', async () => {
        const { result: error, sent } = await upstreamDuring(() =>
            generateText({
                model: openai('fake/claude'),
                prompt: 'Weather in Paris?',
                tools: { get_weather: weather },
                stopWhen: stepCountIs(3),
                maxRetries: 0,
            }).then(
                () => assert.fail('an item_reference was served'),
                (e) => e,
            ),
        );
        assert.ok(APICallError.isInstance(error), `${error.constructor.name}: ${error.message}`);
        assert.equal(error.statusCode, 400);
        const body = JSON.parse(error.responseBody);
        assert.equal(body.error.code, 'unsupported_parameter');
        assert.match(body.error.message, /item_reference/);
        assert.match(body.error.message, /store/);
        assert.ok(error.requestBodyValues.input.some((item) => item.type === 'item_reference'));
        assert.deepEqual(sent.map((r) => r.path), ['/v1/messages'], 'only the first step reached the upstream');
    });

    describe('openai.embedding(): /v1/embeddings', () => {
        // The simulator's vectors: ((i * 31 + d * 17) % 100) / 100 - 0.5 for input i, dimension d.
        const vector = (i) => Array.from({ length: 8 }, (_, d) => ((i * 31 + d * 17) % 100) / 100 - 0.5);
        const close = (got, want) => {
            assert.equal(got.length, want.length);
            for (const [d, x] of got.entries()) assert.ok(Math.abs(x - want[d]) < 1e-6, `${got} is ${want}`);
        };

        test('embedMany', async () => {
            const result = await embedMany({
                model: openai.embedding('sim/text-embedding-3-small'),
                values: ['first', 'second'],
                maxRetries: 0,
            });
            assert.equal(result.embeddings.length, 2);
            for (const [i, e] of result.embeddings.entries()) close(e, vector(i));
            assert.ok(result.usage.tokens > 0);
        });

        test('embed', async () => {
            const result = await embed({ model: openai.embedding('sim/text-embedding-3-small'), value: 'first', maxRetries: 0 });
            close(result.embedding, vector(0));
        });
    });

    test('the request ids are receipts of their endpoint', async () => {
        await gateway.terminate(); // writes every receipt
        const receipts = await gateway.query('select request_id, endpoint from receipt');
        const byId = new Map(receipts.map((r) => [r.request_id, r.endpoint]));
        assert.ok(seen.length >= 2, `${seen.length} ids`);
        for (const { id, endpoint } of seen) assert.equal(byId.get(id), endpoint, id);
    });
});
