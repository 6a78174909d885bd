// The official SDKs each test runs against: the current major and the previous one that many
// applications still pin (package.json installs it under an npm alias: openai-v4,
// anthropic-sdk-v0). Each entry names the version it ran against, read from the installed package.
import { readFileSync } from 'node:fs';

import Anthropic from '@anthropic-ai/sdk';
import Anthropic0 from 'anthropic-sdk-v0';
import OpenAI from 'openai';
import OpenAI4 from 'openai-v4';

// The version of an installed package (a name or an alias in package.json).
export function versionOf(pkg) {
    return JSON.parse(readFileSync(new URL(`./node_modules/${pkg}/package.json`, import.meta.url), 'utf8')).version;
}

// label: what the test titles show; chatHelpers: where the major keeps parse() and stream() for
// chat completions. Every client is made with the SDK's defaults (its own transport included).
export const openaiMajors = [
    { label: `openai ${versionOf('openai')}`, OpenAI, chatHelpers: (client) => client.chat.completions },
    { label: `openai ${versionOf('openai-v4')}`, OpenAI: OpenAI4, chatHelpers: (client) => client.beta.chat.completions },
];

export const anthropicMajors = [
    { label: `@anthropic-ai/sdk ${versionOf('@anthropic-ai/sdk')}`, Anthropic },
    { label: `@anthropic-ai/sdk ${versionOf('anthropic-sdk-v0')}`, Anthropic: Anthropic0 },
];

// A header of an SDK error: a Headers object in the current majors, a plain record in the old ones.
export function errorHeader(error, name) {
    return typeof error.headers?.get === 'function' ? error.headers.get(name) : error.headers?.[name];
}

// The request id an SDK error carries: requestID in the current majors, request_id in the old ones.
export function errorRequestId(error) {
    return error.requestID ?? error.request_id;
}
