<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Config</name>
    <message>
        <source>Directives: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed providers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denied providers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Require ZDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Require no training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max application attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow model fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create provider </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete provider </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Display name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zero data retention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure kinds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry-After, s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream cut after events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credential: changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aggregator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create connection </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete connection </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deprecation date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replacement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create alias %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete alias </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create project </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete project </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>project </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create key %1 (project %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke key </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secret: changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reactivate key </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete key </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving region: Default → Override (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving region: Override (%1) → Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving region: %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deadline, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff maximum, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cooldown, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovery: Default → Override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovery: Override → Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add deployment %1 (weight %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight of </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove deployment </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed regions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tools %1/%2, structured output %3/%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> of offering </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Structured output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Web search tool versions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add offering </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove offering </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offering order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input price per 1M tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output price per 1M tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment pool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create model </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete model </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A region name must not be empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region name &quot;%1…&quot; is longer than 64 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region name &quot;%1&quot; may contain only letters, digits, &apos;-&apos; and &apos;_&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The list of regions has an empty entry between commas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3%4 (is %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 has an empty %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 is defined twice (also at %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deadline of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff maximum of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff of %1 must not be negative (is %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff of %1 must not exceed its maximum (%2 ms &gt; %3 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cooldown of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model name &quot;%1&quot; must have the form &lt;namespace&gt;/&lt;id&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input price of %1 must not be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output price of %1 must not be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context window of %1 must be at least 1 token (is %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving region of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pool %1 cannot list itself as a deployment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment %1 of %2 is not a model of this workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment %1 of %2 is itself a pool; a deployment must be a Direct model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment %1 of %2 has modality %3; %2 has modality %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment %1 of %2 is turned off; calls skip it as disabled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment %1 is listed more than once in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pool %1 has no deployments; add one or switch it to Direct.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pool %1 has %2 deployments; at most 16 are allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed regions of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offering %1 of %2 names connection &quot;%3&quot;, which does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offering %1 of %2 has no upstream model id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool probes of offering %1 of %2 must pass between 0 and their total.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Structured-output probes of offering %1 of %2 must pass between 0 and their total.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model %1 has no offerings; calls to it cannot be served.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection %1 reads its credential from an environment variable but names none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection %1 reads its credential from a file but names none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure rate of connection %1 must be between 0 and 1 (is %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection %1 has a failure rate but no failure kinds, so it never fails.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency of connection %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second of connection %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry-After of connection %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream cut of connection %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection name &quot;%1&quot; must be 1 to 64 letters, digits, &apos;.&apos;, &apos;-&apos; or &apos;_&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection %1 names provider &quot;%2&quot;, which does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection %1 is an Azure OpenAI connection and needs an API version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL of connection %1 must be an http or https URL (is &quot;%2&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region of connection %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias %1 targets alias %2; an alias must name a model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias %1 targets %2, which is not a model of this workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias %1 is deprecated on %2 but names no replacement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replacement %1 of alias %2 is neither a model nor an alias.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replacements of alias %1 form a cycle: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias %1 has the same name as a model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias name &quot;%1&quot; must not contain spaces or commas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback model %1 of alias %2 is not a model of this workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed models of %1 name vendor %2, which has no models yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed model %1 of %2 is neither a model of this workspace nor a vendor pattern such as openai/*.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; of %3 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denied provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max application attempts of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback model %1 of %2 is not a model of this workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>project %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key %1 belongs to project &quot;%2&quot;, which does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key %1 must carry a SHA-256 as 64 lowercase hex digits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected %2 (found %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown value &quot;%2&quot;; expected one of %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: required field is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must not be empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected a date as yyyy-MM-dd (found &quot;%2&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected an ISO 8601 UTC date and time such as 2026-11-29T19:00:00.000Z (found &quot;%2&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown field, ignored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (byte offset %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file must hold one JSON object, a Switchboard workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failureKinds[%1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>format: this is not a Switchboard workspace file (expected &quot;%1&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>version: this Switchboard reads version %1 of the format (found %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connections[%1].credential</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection %1 keeps its credential in the database and the file carries no secret; enter it again after the import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CA file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovery defaults</source>
        <translation type="unfinished">Standardwerte der Wiederherstellung</translation>
    </message>
    <message>
        <source>Connect timeout, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream start timeout, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream idle timeout, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the workspace defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect timeout of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream start timeout of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream idle timeout of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CA file of connection %1 cannot be read (%2); its calls will fail.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Store</name>
    <message>
        <source>No workspace has been saved yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read workspace version %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no workspace version %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace version %1 cannot be read back: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the stored secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot update the stored secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot store the secret of connection %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database path was given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no database at %1 to open read-only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Qt SQLite driver (QSQLITE) is not available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a Switchboard database (not an SQLite file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot run “%1” on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot switch %1 to WAL mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has schema version %2, newer than this Switchboard knows (%3). Use a newer Switchboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has schema version %2 and needs migrating to %3; open it read-write first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is open read-only; it cannot be changed here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A receipt with request id %1 is already stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write receipt %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write an attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write a skipped candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The receipt writer is not running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The receipt writer cannot wait for itself (flush from its own thread).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 receipts are not written yet: writing to %2 failed; they stay queued.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot prepare a statistics query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A statistics window needs a start, up to %1 buckets of a positive length, and at most 24 hours in all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database is not an SQLite file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot prepare “%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no database was given</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tr</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Ui</name>
    <message>
        <source>Create alias %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete alias %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit alias %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>org/fast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset: request defaults (used when the caller leaves a field out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other request fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other fields (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback and deprecation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deprecated from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replacement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before the date calls run as this alias with an ib-alias-deprecated header; from 00:00 UTC of the date on they run as the replacement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Own fallback models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not valid JSON at character %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other fields must be a JSON object such as {&quot;top_p&quot;: 0.9}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set %1 with its own field above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An alias needs a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias %1 already exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deprecated %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fallback: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+ New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls, 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown (no receipts database)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 calls named this alias in the last %2 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workspace directive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>project directive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key directive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alias preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy request id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explain route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the drawer (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the receipt as JSON (docs/receipt-json.md); no secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explain the route this call would take now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 attempt</source>
        <translation>1 Versuch</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. %2 via %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fallback %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waited %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backoff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cooldown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry-After</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waited %1 ms (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at +%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>served</source>
        <translation>bedient</translation>
    </message>
    <message>
        <source>retryable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sent, %2 received</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upstream %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hold kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 via %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in the plan of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Served by: none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Served by: none (last reached %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Served by: %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No call selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a call in the table to see its receipt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No upstream attempt was made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deprecated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (held %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, streaming</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Caller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key %1, project %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK first time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retried, OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fell back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 15 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request id…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model asked, resolved or served</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection that answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error class of the last failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no database was given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls cannot be shown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Explain route…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan the current settings, saved or not, give a sample call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>59 min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 calls shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; scroll for older calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>served first time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>served after retries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>served by a fallback model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias %1 resolved to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No upstream answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model served</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Att</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Served by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · retried</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · fell back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>Änderungen speichern</translation>
    </message>
    <message>
        <source>Show every change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 change: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changes: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as a new version (Ctrl+S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There are unsaved changes (%1). Save them first?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set deployment pool of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add deployment %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose deployment %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set allowed regions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set serving region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Override recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add offering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove offering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reorder offerings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit offering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create model %1</source>
        <translation>Modell %1 anlegen</translation>
    </message>
    <message>
        <source>Duplicate %1 as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete model %1</source>
        <translation>Modell %1 löschen</translation>
    </message>
    <message>
        <source>Edit connection %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add connection %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove connection %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add project %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save: no database is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There are no changes to save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>429 rate limited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>500 server error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>503 unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>529 overloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeout before status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drop before answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stream cut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stream stall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undecodable body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>content refusal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored in the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. us-east-1 (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Aktiviert</translation>
    </message>
    <message>
        <source>Aggregator (receives directives as provider fields)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credential</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulator: rehearse failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure kinds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cut stream after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No connection selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paste the API key, then press Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type a new key to replace the stored one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/path/to/key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OPENAI_API_KEY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 serves %2; remove those offerings first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name, e.g. openai-2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A connection named %1 exists already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a connection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored (empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>•••• stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>env: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace (team)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit directives: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Levels only narrow: a call must pass the workspace, its project and its key. Unset means this level says nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only these models (unset: any model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model or vendor/*</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Providers and data policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only these providers (unset: any provider)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denied providers (denied beats allowed):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Require zero data retention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Require no training on prompts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision and attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (no minimum)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp8 (skips fp4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 (skips fp8 and fp4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max application attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 to 8; the lowest cap of any level applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highest precision any level sets applies; offerings listing none are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Own fallback models, in order (unset: the list of the level above)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow model fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The team decides whether fallback is allowed (unset is off); a project or key can only turn it off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key %1 (revoked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no rules at this level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: sets rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>any model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no level restricts models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a model must be allowed at every level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed providers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no level restricts providers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only providers on every level&apos;s list; denied beats allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every provider except the denied ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denied providers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no level denies a provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>denied at any level; denied beats allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (fallback is off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none named</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workspace (team)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>project %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset alias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Require ZDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Require no training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no cap (the model&apos;s Attempts apply)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explain a call…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the route explainer for a call with this key: every candidate and every skip with its reason and level.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What applies to calls with this key, from the edited settings (unsaved changes included). Levels only narrow.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Directive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effective value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key %1 (project %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any key of project %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the workspace alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sends tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contains images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. us-east-1, eu-west-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Streaming</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model or alias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Response format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>x-gateway-model-regions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First pick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Directive level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates in order, with the chance of each being tried first:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused before any attempt: %1 %2. %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias %1 runs as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>, a pool of %n eligible deployment(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n eligible offering(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Deprecated alias: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explaining the saved settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Explaining the settings in the editor, with %n unsaved change(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Capped to %1 by the %2 directives.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The requested model may use %n attempt(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Fallback is on (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback is off (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listen beyond this machine?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a loopback address: other machines on the network could call the gateway with your providers&apos; credentials if they have a key. Listen there?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gateway</source>
        <translation>Gateway</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paste a caller key (sb-…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say hello in five words.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send test call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Caller key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>○ No embedded gateway in this session (--no-gateway).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● Running on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>○ Stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>○ Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 calls/s · %2 in flight · %3 cooling down · %4 calls in total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the gateway first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start gateway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an IP address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calling %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1 · served by %2 · %3 attempt(s)
%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Author</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore this version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What would change going from this version to the current state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make this version the edited state; Save changes makes it a new version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No saved version yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version %1 by %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(first version)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From version %1 to the current state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No differences.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore version %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key %1 created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy this key now: it is shown only once. Only a hash is kept; the key works once you save changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>revoked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starts with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New project…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key name, e.g. ci-runner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create a key; it is shown once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create a project first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke the key %1 (%2…)? Callers using it are refused once you save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project id:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A project %1 exists already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>○ Gateway off (--no-gateway)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● Gateway running on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>○ Gateway stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 calls/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cooling down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 unsaved change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Discard changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export configuration…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import configuration…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Gateway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gateway &amp;control</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Switchboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Switchboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switchboard %1: a studio for an LLM model gateway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switchboard[*]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — Switchboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was imported:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Connections</source>
        <translation>Verbindungen</translation>
    </message>
    <message>
        <source>Directives</source>
        <translation>Direktiven</translation>
    </message>
    <message>
        <source>Aliases</source>
        <translation>Aliasse</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Workspace settings</source>
        <translation>Arbeitsbereich-Einstellungen</translation>
    </message>
    <message>
        <source>Recovery defaults</source>
        <translation>Standardwerte der Wiederherstellung</translation>
    </message>
    <message>
        <source>Deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First picks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cooling down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>○ disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◐ drained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◐ cooling down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● healthy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pool · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Direct</source>
        <translation>Direkt</translation>
    </message>
    <message>
        <source>chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disabled: calls naming %1 are refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some deployments are cooling down after a failure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Healthy: no deployment is cooling down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Routing and health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-enable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop sending calls to the selected deployment until re-enabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send calls to the selected deployment again and end its cooldown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model is new: save it to route calls to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes to this model take effect when saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gateway is not running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a deployment first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop sending calls to the selected deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. us-east-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment pool</source>
        <translation>Deployment-Pool</translation>
    </message>
    <message>
        <source>Offerings, tried in this order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>%1 is a deployment in the pool of %2; remove it there first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is the target of the alias %2; point the alias elsewhere first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name (namespace/id), e.g. openai-2/gpt-4o:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model named %1 exists already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable %1 models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable %1 models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the selected model (undoable until saved)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Structured output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>web search tool versions, comma-separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upstream model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capabilities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Web search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>structured output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>uncertified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Direct (default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any region, or e.g. us-east-1, us-west-2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed regions</source>
        <translation>Erlaubte Regionen</translation>
    </message>
    <message>
        <source>Deployment %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight from 1 to 10,000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove this deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(%1 of %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A pool holds at most %1 deployments.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No other enabled, unpooled %1 model is left to add.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a row for another deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deadline, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first wait; at most the longest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cooldown, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no probes yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 (%3%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>structured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create provider %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit provider %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Structured probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offerings of Direct models, in their fixed order (edit them under Models → Settings)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Providers and their data policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source of these facts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zero data retention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new provider id, e.g. together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not train on prompts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider listing 2026-11-01, set by hand, …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requireZdr and requireNoTraining directives skip providers without these facts (no_zdr, no_training on the receipt).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Display name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not stated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No provider selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A provider id is 1–64 lowercase letters, digits, &apos;.&apos;, &apos;-&apos; or &apos;_&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider %1 already exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switchboard studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace database file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not start the embedded gateway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render every screen into DIR and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused before any attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed calls by error class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts per call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Served</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p95</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed calls by error class: none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;By</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model %1</source>
        <translation>Modell %1</translation>
    </message>
    <message>
        <source>Connection %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dashboard cannot be shown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 calls · %2 failed · one bar per %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln attempts</source>
        <translation>
            <numerusform>%Ln Versuch</numerusform>
            <numerusform>%Ln Versuche</numerusform>
        </translation>
    </message>
    <message>
        <source>Set recovery default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the caller hung up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the deadline passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 before an answer is transient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the upstream stopped answering after it had started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reply could not be decoded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>content refusal is final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is transient</source>
        <translation>%1 ist vorübergehend</translation>
    </message>
    <message>
        <source>%1: the upstream rejected the credential</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is the caller&apos;s error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer had started reaching the caller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer is transient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retried: %1</source>
        <translation>wiederholt: %1</translation>
    </message>
    <message>
        <source>final: %1</source>
        <translation>endgültig: %1</translation>
    </message>
    <message>
        <source>final: %1, but %2</source>
        <translation>endgültig: %1, aber %2</translation>
    </message>
    <message>
        <source>no attempt is left</source>
        <translation>kein Versuch ist übrig</translation>
    </message>
    <message>
        <source>the last attempt is reserved for fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the next wait would not fit the deadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no candidate left</source>
        <translation>%1 hat keinen Kandidaten mehr</translation>
    </message>
    <message>
        <source>every candidate of %1 is cooling down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drained by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cooling down for %1 ms more</source>
        <translation>kühlt noch %1 ms ab</translation>
    </message>
    <message>
        <source>serving region %1 is not in the pool&apos;s allowed regions %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>serving region %1 is not in the request&apos;s regions %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model modality is %1, the call needs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its connection (%1) does not serve %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not support tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not support structured output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not support vision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not support web search tool %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offering is not certified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider %1 is not allowed by the %2 directives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider %1 is not listed with zero data retention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider %1 is not listed as not training on prompts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>listed precision %1 is below the minimum %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model %1 is off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connection %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connection %1 is off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a pooled model cannot be a deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model %1 has no offerings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passed %1 of %2 recent probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no level requires it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any level turns it on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>highest precision applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lowest cap applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>turned off at this level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset alias&apos;s list applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>team decides fallback (unset is off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>team allows fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no level names fallback models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>most specific level&apos;s list applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is the requested model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model is off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not allowed by the directives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>different modality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its context window is too small for the request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>can take attempts the requested model leaves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no candidate can serve the request now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deadline %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backoff %1 to %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cooldown %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovery is overridden: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovery uses the defaults: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model is off: calls naming it get 403 model_disabled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pool with no deployments yet: calls fail until one is added.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weighted across 1 deployment, in any region.</source>
        <translation>Gewichtet über 1 Deployment, in jeder Region.</translation>
    </message>
    <message numerus="yes">
        <source>Weighted across %Ln deployments, in any region.</source>
        <translation>
            <numerusform>Gewichtet über %Ln Deployment, in jeder Region.</numerusform>
            <numerusform>Gewichtet über %Ln Deployments, in jeder Region.</numerusform>
        </translation>
    </message>
    <message>
        <source>Weighted across 1 deployment, only in %1.</source>
        <translation>Gewichtet über 1 Deployment, nur in %1.</translation>
    </message>
    <message numerus="yes">
        <source>Weighted across %Ln deployments, only in %1.</source>
        <translation>
            <numerusform>Gewichtet über %Ln Deployment, nur in %1.</numerusform>
            <numerusform>Gewichtet über %Ln Deployments, nur in %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Direct, with no offerings yet: calls fail until one is added.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Direct to 1 offering: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Direct to %Ln offerings, tried in a fixed order.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Serves from %1 (overridden).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connect timeout %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stream start timeout %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stream idle timeout %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2, including the first; 1 turns retries off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2, the whole request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>longest wait, %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2; a failed deployment is skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect timeout, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2, every attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream start timeout, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2; a stream&apos;s wait for its status line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream idle timeout, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2; silence once a stream has started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PEM file, for a self-hosted https server (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CA certificates trusted for this connection besides the system&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CA file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up to %1, deadline %2 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up to %1, deadline %2 ms, %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts, waits and backoff can take up to %1 ms, more than the deadline of %2 ms: later attempts may not start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every candidate is cooling down: the call waits for the earliest if that fits the deadline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model&apos;s own settings replace the workspace&apos;s recovery defaults.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace&apos;s recovery defaults apply; edit them in Workspace settings, or choose Override.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore the standard values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every model whose recovery is Default uses these settings; a model&apos;s Override replaces them for that model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set every recovery default back to the value Switchboard ships with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models on Default recovery: %1 of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore the standard recovery defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gateway address: 127.0.0.1:8640 (default), [::1]:8640, localhost:8640, 0.0.0.0:8640.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n change(s): %1</source>
        <translation>
            <numerusform>%n Änderung: %1</numerusform>
            <numerusform>%n Änderungen: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n Änderung</numerusform>
            <numerusform>%n Änderungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>There are %n unsaved change(s). Save them first?</source>
        <translation>
            <numerusform>Es gibt %n ungespeicherte Änderung. Zuerst speichern?</numerusform>
            <numerusform>Es gibt %n ungespeicherte Änderungen. Zuerst speichern?</numerusform>
        </translation>
    </message>
    <message>
        <source>Weight of %1</source>
        <translation>Gewicht von %1</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>Add deployment %1 (weight %2)</source>
        <translation>Deployment %1 hinzufügen (Gewicht %2)</translation>
    </message>
    <message>
        <source>Remove deployment %1</source>
        <translation>Deployment %1 entfernen</translation>
    </message>
</context>
</TS>
