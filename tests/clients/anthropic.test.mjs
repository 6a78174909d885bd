// The official Anthropic Node SDK against switchboard-gateway's /v1/messages, in its current major
// and the previous one (sdks.mjs), served by the built-in simulator and by a fake Anthropic upstream
// (harness.mjs). Each major gets its own gateway, so the receipts at the end are its own.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { callerKey, FakeUpstream, Gateway } from './harness.mjs';
import { anthropicMajors, errorHeader, errorRequestId } from './sdks.mjs';

for (const { label, Anthropic } of anthropicMajors) {
    describe(label, () => {
        let fake;
        let gateway;
        let client;
        // Request ids as the SDK gave them, to find as receipts at the end.
        const seenIds = [];
        let badRequestId;

        before(async () => {
            fake = new FakeUpstream();
            await fake.start();
            gateway = await Gateway.start(fake);
            // The SDK's defaults (2 retries, its own transport). The SDK adds /v1.
            client = new Anthropic({ apiKey: callerKey, baseURL: gateway.origin });
        });

        // The fake upstream first: it cuts anything a failed test left held, so the gateway can stop.
        after(async () => {
            await fake?.stop();
            await gateway?.stop();
        });

        const hello = [{ role: 'user', content: 'Hello' }];

        test('a message, with the request id readable', async () => {
            const { data, response } = await client.messages
                .create({ model: 'sim/claude-sonnet-5', max_tokens: 64, messages: hello })
                .withResponse();
            assert.equal(data.type, 'message');
            assert.equal(data.role, 'assistant');
            assert.equal(data.model, 'sim/claude-sonnet-5');
            assert.equal(data.content[0].type, 'text');
            assert.match(data.content[0].text, /^\[sim\] /);
            assert.equal(data.stop_reason, 'end_turn');
            assert.ok(data.usage.output_tokens > 0);
            assert.match(data._request_id, /^req_[0-9a-f]+$/);
            assert.equal(response.headers.get('request-id'), data._request_id);
            assert.equal(response.headers.get('x-request-id'), data._request_id);
            seenIds.push(data._request_id);
        });

        test('streamed events arrive in the Messages API order', async () => {
            const stream = await client.messages.create({
                model: 'sim/claude-sonnet-5',
                max_tokens: 64,
                messages: hello,
                stream: true,
            });
            const types = [];
            let text = '';
            for await (const event of stream) {
                types.push(event.type);
                if (event.type === 'content_block_delta') {
                    assert.equal(event.delta.type, 'text_delta');
                    text += event.delta.text;
                }
                if (event.type === 'message_start') assert.equal(event.message.model, 'sim/claude-sonnet-5');
                if (event.type === 'message_delta') assert.equal(event.delta.stop_reason, 'end_turn');
            }
            // message_start, content_block_start, one or more content_block_delta, content_block_stop,
            // message_delta, message_stop: nothing else, nothing twice, nothing out of order.
            const deltas = types.filter((t) => t === 'content_block_delta').length;
            assert.ok(deltas >= 2, `${deltas} deltas`);
            assert.deepEqual(types, [
                'message_start',
                'content_block_start',
                ...Array(deltas).fill('content_block_delta'),
                'content_block_stop',
                'message_delta',
                'message_stop',
            ]);
            assert.match(text, /^\[sim\] /);
        });

        // A buffered stream would hang this test: the timeout turns that into a failure.
        test('streamed events are read one by one before the upstream has finished', { timeout: 60000 }, async () => {
            const held = fake.holdNextStream();
            const { data: stream, response } = await client.messages
                .create({ model: 'fake/claude', max_tokens: 64, messages: hello, stream: true })
                .withResponse();
            assert.match(response.headers.get('request-id'), /^req_/);
            seenIds.push(response.headers.get('request-id'));
            const events = stream[Symbol.asyncIterator]();
            const types = [];
            let text = '';
            // The fake upstream sends message_start, content_block_start and "Hel", then waits.
            while (!text.includes('Hel')) {
                const { value, done } = await events.next();
                assert.equal(done, false, 'the stream ended before the held piece');
                types.push(value.type);
                if (value.type === 'content_block_delta') text += value.delta.text;
            }
            assert.equal(held.waiting, true, 'the upstream is still holding the rest of its answer');
            held.release();
            for (let r = await events.next(); !r.done; r = await events.next()) {
                types.push(r.value.type);
                if (r.value.type === 'content_block_delta') text += r.value.delta.text;
            }
            assert.equal(text, 'Hello');
            assert.deepEqual(types, [
                'message_start',
                'content_block_start',
                'content_block_delta',
                'content_block_delta',
                'content_block_stop',
                'message_delta',
                'message_stop',
            ]);
        });

        test('a tool use comes back as the SDK types it', async () => {
            const tools = [
                {
                    name: 'get_weather',
                    description: 'Weather in a city',
                    input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
                },
            ];
            const message = await client.messages.create({
                model: 'fake/claude',
                max_tokens: 64,
                messages: [{ role: 'user', content: 'Weather in Paris?' }],
                tools,
                tool_choice: { type: 'auto' },
            });
            const forwarded = fake.requests.at(-1);
            assert.equal(forwarded.path, '/v1/messages');
            assert.deepEqual(forwarded.body.tools, tools, 'the gateway forwards the tools unchanged');
            assert.equal(message.model, 'fake/claude');
            assert.equal(message.stop_reason, 'tool_use');
            const use = message.content.find((block) => block.type === 'tool_use');
            assert.equal(use.name, 'get_weather');
            assert.deepEqual(use.input, { city: 'Paris' });
            seenIds.push(message._request_id);
        });

        test('the stream helper accumulates the final message', async () => {
            const stream = client.messages.stream({ model: 'sim/claude-sonnet-5', max_tokens: 64, messages: hello });
            const seen = [];
            stream.on('text', (piece) => seen.push(piece));
            const message = await stream.finalMessage();
            assert.ok(seen.length >= 2);
            assert.equal(message.content[0].text, seen.join(''));
            assert.equal(message.stop_reason, 'end_turn');
        });

        test('a wrong key is the SDK\'s AuthenticationError (401)', async () => {
            const stranger = new Anthropic({
                apiKey: 'sb-not-a-key-of-this-workspace',
                baseURL: gateway.origin,
            });
            const error = await stranger.messages
                .create({ model: 'sim/claude-sonnet-5', max_tokens: 64, messages: hello })
                .then(
                    () => assert.fail('a wrong key was accepted'),
                    (e) => e,
                );
            assert.ok(error instanceof Anthropic.AuthenticationError, `${error.constructor.name}: ${error.message}`);
            assert.equal(error.status, 401);
            assert.equal(error.error.type, 'error', 'the Anthropic error shape');
            assert.match(errorRequestId(error), /^req_/);
        });

        test('an unknown model is the SDK\'s NotFoundError (404)', async () => {
            const error = await client.messages
                .create({ model: 'nobody/nothing', max_tokens: 64, messages: hello })
                .then(
                    () => assert.fail('an unknown model was served'),
                    (e) => e,
                );
            assert.ok(error instanceof Anthropic.NotFoundError, `${error.constructor.name}: ${error.message}`);
            assert.equal(error.status, 404);
            assert.equal(error.error.error.type, 'not_found_error');
            assert.match(errorRequestId(error), /^req_/);
            seenIds.push(errorRequestId(error));
        });

        test('a bad request is the SDK\'s BadRequestError (400), sent once', async () => {
            let error;
            const sent = await gateway.countResponses(400, async () => {
                error = await client.messages.create({ model: 'sim/claude-sonnet-5', max_tokens: 64, messages: [] }).then(
                    () => assert.fail('an empty messages array was accepted'),
                    (e) => e,
                );
            });
            assert.ok(error instanceof Anthropic.BadRequestError, `${error.constructor.name}: ${error.message}`);
            assert.equal(error.status, 400);
            assert.equal(error.error.error.type, 'invalid_request_error');
            assert.equal(sent, 1, 'one call, one 400 answer');
            badRequestId = errorRequestId(error);
            seenIds.push(badRequestId);
        });

        test('a final 5xx is not retried by the SDK (x-should-retry: false)', async () => {
            // The SDK retries 5xx answers twice by default unless the answer says not to.
            const before = await gateway.responsesByStatus();
            const error = await client.messages
                .create({ model: 'fake/claude-broken', max_tokens: 64, messages: hello })
                .then(
                    () => assert.fail('a broken upstream answered'),
                    (e) => e,
                );
            const statuses = [];
            for (const [code, n] of Object.entries(await gateway.responsesByStatus()))
                for (let k = before[code] ?? 0; k < n; ++k) statuses.push(Number(code));
            assert.ok(error instanceof Anthropic.APIError, `${error.constructor.name}: ${error.message}`);
            assert.ok(error.status >= 500, `status ${error.status}`);
            assert.equal(errorHeader(error, 'x-should-retry'), 'false');
            assert.equal(error.error.type, 'error', 'the Anthropic error shape');
            assert.deepEqual(statuses, [error.status], 'exactly one answer for one SDK call');
            seenIds.push(errorRequestId(error));
        });

        test('the request ids the SDK read are receipts, and the 400 left exactly one', async () => {
            await gateway.terminate(); // writes every receipt
            const receipts = await gateway.query('select request_id, http_status from receipt');
            const byId = new Map(receipts.map((r) => [r.request_id, r.http_status]));
            assert.ok(seenIds.length >= 4, `${seenIds.length} ids`);
            for (const id of seenIds) assert.ok(byId.has(id), `${id} has a receipt`);
            assert.deepEqual(
                receipts.filter((r) => r.http_status === 400),
                [{ request_id: badRequestId, http_status: 400 }],
            );
        });
    });
}
