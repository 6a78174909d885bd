<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Ui</name>
    <message>
        <source>Create alias %1</source>
        <translation>Alias %1 anlegen</translation>
    </message>
    <message>
        <source>Delete alias %1</source>
        <translation>Alias %1 löschen</translation>
    </message>
    <message>
        <source>Edit alias %1: %2</source>
        <translation>Alias %1 bearbeiten: %2</translation>
    </message>
    <message>
        <source>Alias</source>
        <translation>Alias</translation>
    </message>
    <message>
        <source>org/fast</source>
        <translation>org/fast</translation>
    </message>
    <message>
        <source>Target model</source>
        <translation>Zielmodell</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Recent calls</source>
        <translation>Letzte Aufrufe</translation>
    </message>
    <message>
        <source>Preset: request defaults (used when the caller leaves a field out)</source>
        <translation>Voreinstellung: Anfrage-Standardwerte (gelten, wenn der Aufrufer ein Feld weglässt)</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>Max. Tokens</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>Other request fields</source>
        <translation>Weitere Anfragefelder</translation>
    </message>
    <message>
        <source>Other fields (JSON)</source>
        <translation>Weitere Felder (JSON)</translation>
    </message>
    <message>
        <source>Fallback and deprecation</source>
        <translation>Fallback und Ablösung</translation>
    </message>
    <message>
        <source>Deprecated from</source>
        <translation>Veraltet ab</translation>
    </message>
    <message>
        <source>Replacement</source>
        <translation>Ersatz</translation>
    </message>
    <message>
        <source>Before the date calls run as this alias with an ib-alias-deprecated header; from 00:00 UTC of the date on they run as the replacement.</source>
        <translation>Vor dem Datum laufen Aufrufe als dieser Alias mit einem ib-alias-deprecated-Header; ab 00:00 UTC des Datums laufen sie als der Ersatz.</translation>
    </message>
    <message>
        <source>Own fallback models</source>
        <translation>Eigene Fallback-Modelle</translation>
    </message>
    <message>
        <source>Not valid JSON at character %1: %2.</source>
        <translation>Kein gültiges JSON bei Zeichen %1: %2.</translation>
    </message>
    <message>
        <source>Other fields must be a JSON object such as {&quot;top_p&quot;: 0.9}.</source>
        <translation>Weitere Felder müssen ein JSON-Objekt sein, etwa {&quot;top_p&quot;: 0.9}.</translation>
    </message>
    <message>
        <source>Set %1 with its own field above.</source>
        <translation>Setzen Sie %1 über sein eigenes Feld weiter oben.</translation>
    </message>
    <message>
        <source>An alias needs a name.</source>
        <translation>Ein Alias braucht einen Namen.</translation>
    </message>
    <message>
        <source>Alias %1 already exists.</source>
        <translation>Den Alias %1 gibt es bereits.</translation>
    </message>
    <message>
        <source>deprecated %1 → %2</source>
        <translation>veraltet %1 → %2</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>preset</source>
        <translation>Voreinstellung</translation>
    </message>
    <message>
        <source>fallback: %1</source>
        <translation>Fallback: %1</translation>
    </message>
    <message>
        <source>active</source>
        <translation>aktiv</translation>
    </message>
    <message>
        <source>+ New</source>
        <translation>+ Neu</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Calls, 7 days</source>
        <translation>Aufrufe, 7 Tage</translation>
    </message>
    <message>
        <source>unknown: %1</source>
        <translation>unbekannt: %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>unknown (no receipts database)</source>
        <translation>unbekannt (keine Beleg-Datenbank)</translation>
    </message>
    <message>
        <source>%1 calls named this alias in the last %2 days</source>
        <translation>%1 Aufrufe nannten diesen Alias in den letzten %2 Tagen</translation>
    </message>
    <message>
        <source>no status</source>
        <translation>kein Status</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>workspace directive</source>
        <translation>Direktive des Arbeitsbereichs</translation>
    </message>
    <message>
        <source>project directive</source>
        <translation>Direktive des Projekts</translation>
    </message>
    <message>
        <source>key directive</source>
        <translation>Direktive des Schlüssels</translation>
    </message>
    <message>
        <source>alias preset</source>
        <translation>Alias-Voreinstellung</translation>
    </message>
    <message>
        <source>Copy JSON</source>
        <translation>JSON kopieren</translation>
    </message>
    <message>
        <source>Copy request id</source>
        <translation>Anfrage-ID kopieren</translation>
    </message>
    <message>
        <source>Explain route</source>
        <translation>Route erklären</translation>
    </message>
    <message>
        <source>Close the drawer (Esc)</source>
        <translation>Leiste schließen (Esc)</translation>
    </message>
    <message>
        <source>Copy the receipt as JSON (docs/receipt-json.md); no secrets</source>
        <translation>Den Beleg als JSON kopieren (docs/receipt-json.md); ohne Geheimnisse</translation>
    </message>
    <message>
        <source>Explain the route this call would take now</source>
        <translation>Die Route erklären, die dieser Aufruf jetzt nähme</translation>
    </message>
    <message>
        <source>1 attempt</source>
        <translation>1 Versuch</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1. %2 via %3</source>
        <translation>%1. %2 über %3</translation>
    </message>
    <message>
        <source>no region</source>
        <translation>keine Region</translation>
    </message>
    <message>
        <source>fallback %1</source>
        <translation>Fallback %1</translation>
    </message>
    <message>
        <source>waited %1 ms</source>
        <translation>%1 ms gewartet</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>Backoff</translation>
    </message>
    <message>
        <source>cooldown</source>
        <translation>Abkühlung</translation>
    </message>
    <message>
        <source>Retry-After</source>
        <translation>Retry-After</translation>
    </message>
    <message>
        <source>waited %1 ms (%2)</source>
        <translation>%1 ms gewartet (%2)</translation>
    </message>
    <message>
        <source>at +%1 ms</source>
        <translation>bei +%1 ms</translation>
    </message>
    <message>
        <source>served</source>
        <translation>bedient</translation>
    </message>
    <message>
        <source>retryable</source>
        <translation>wiederholbar</translation>
    </message>
    <message>
        <source>final</source>
        <translation>endgültig</translation>
    </message>
    <message>
        <source>%1 sent, %2 received</source>
        <translation>%1 gesendet, %2 empfangen</translation>
    </message>
    <message>
        <source>upstream %1</source>
        <translation>Upstream %1</translation>
    </message>
    <message>
        <source>hold kept</source>
        <translation>Sperre gehalten</translation>
    </message>
    <message>
        <source>%1 via %2</source>
        <translation>%1 über %2</translation>
    </message>
    <message>
        <source>in the plan of %1</source>
        <translation>im Plan von %1</translation>
    </message>
    <message>
        <source>Served by: none</source>
        <translation>Bedient von: niemandem</translation>
    </message>
    <message>
        <source>Served by: none (last reached %1)</source>
        <translation>Bedient von: niemandem (zuletzt erreicht: %1)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Served by: %1 · %2</source>
        <translation>Bedient von: %1 · %2</translation>
    </message>
    <message>
        <source>No call selected</source>
        <translation>Kein Aufruf ausgewählt</translation>
    </message>
    <message>
        <source>Select a call in the table to see its receipt.</source>
        <translation>Wählen Sie einen Aufruf in der Tabelle, um seinen Beleg zu sehen.</translation>
    </message>
    <message>
        <source>Call %1</source>
        <translation>Aufruf %1</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>No upstream attempt was made.</source>
        <translation>Es wurde kein Upstream-Versuch unternommen.</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Deprecated</source>
        <translation>Veraltet</translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation>Fallback</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Region header</source>
        <translation>Regions-Header</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Usage</source>
        <translation>Verbrauch</translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out</source>
        <translation>%1 Tokens rein, %2 raus</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>%1 (held %2)</source>
        <translation>%1 (gehalten: %2)</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>%1, streaming</source>
        <translation>%1, Streaming</translation>
    </message>
    <message>
        <source>First byte</source>
        <translation>Erstes Byte</translation>
    </message>
    <message>
        <source>Caller</source>
        <translation>Aufrufer</translation>
    </message>
    <message>
        <source>key %1, project %2</source>
        <translation>Schlüssel %1, Projekt %2</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>All models</source>
        <translation>Alle Modelle</translation>
    </message>
    <message>
        <source>All connections</source>
        <translation>Alle Verbindungen</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Beliebiger Status</translation>
    </message>
    <message>
        <source>OK first time</source>
        <translation>Beim ersten Mal OK</translation>
    </message>
    <message>
        <source>Retried, OK</source>
        <translation>Wiederholt, OK</translation>
    </message>
    <message>
        <source>Fell back</source>
        <translation>Auf Fallback ausgewichen</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Any error</source>
        <translation>Beliebiger Fehler</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>Beliebige Zeit</translation>
    </message>
    <message>
        <source>Last 15 minutes</source>
        <translation>Letzte 15 Minuten</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>request id…</source>
        <translation>Anfrage-ID…</translation>
    </message>
    <message>
        <source>Model asked, resolved or served</source>
        <translation>Angefragtes, aufgelöstes oder bedienendes Modell</translation>
    </message>
    <message>
        <source>Connection that answered</source>
        <translation>Verbindung, die geantwortet hat</translation>
    </message>
    <message>
        <source>Status class</source>
        <translation>Statusklasse</translation>
    </message>
    <message>
        <source>Error class of the last failure</source>
        <translation>Fehlerklasse des letzten Fehlschlags</translation>
    </message>
    <message>
        <source>Time range</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>Calls cannot be shown: %1</source>
        <translation>Aufrufe können nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Explain route…</source>
        <translation>Route erklären…</translation>
    </message>
    <message>
        <source>The plan the current settings, saved or not, give a sample call</source>
        <translation>Der Plan, den die aktuellen Einstellungen (gespeichert oder nicht) einem Beispielaufruf geben</translation>
    </message>
    <message>
        <source>59 min ago</source>
        <translation>vor 59 Min.</translation>
    </message>
    <message>
        <source>%1; scroll for older calls</source>
        <translation>%1; für ältere Aufrufe scrollen</translation>
    </message>
    <message>
        <source>served first time</source>
        <translation>beim ersten Mal bedient</translation>
    </message>
    <message>
        <source>served after retries</source>
        <translation>nach Wiederholungen bedient</translation>
    </message>
    <message>
        <source>served by a fallback model</source>
        <translation>von einem Fallback-Modell bedient</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Alias %1 resolved to %2</source>
        <translation>Alias %1 aufgelöst zu %2</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <source>No upstream answered</source>
        <translation>Kein Upstream hat geantwortet</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Model asked</source>
        <translation>Angefragtes Modell</translation>
    </message>
    <message>
        <source>Model served</source>
        <translation>Bedientes Modell</translation>
    </message>
    <message>
        <source>Att</source>
        <translation>Vers.</translation>
    </message>
    <message>
        <source>Served by</source>
        <translation>Bedient von</translation>
    </message>
    <message>
        <source>Latency, ms</source>
        <translation>Latenz, ms</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Tokens rein</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Tokens raus</translation>
    </message>
    <message>
        <source>%1 · retried</source>
        <translation>%1 · wiederholt</translation>
    </message>
    <message>
        <source>%1 · fell back</source>
        <translation>%1 · ausgewichen</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>studio</source>
        <translation>Studio</translation>
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
        <translation>Alle Änderungen zeigen</translation>
    </message>
    <message>
        <source>Save as a new version (Ctrl+S)</source>
        <translation>Als neue Version speichern (Strg+S)</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Set deployment pool of %1</source>
        <translation>Deployment-Pool von %1 festlegen</translation>
    </message>
    <message>
        <source>Add deployment %1</source>
        <translation>Deployment %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove deployment</source>
        <translation>Deployment entfernen</translation>
    </message>
    <message>
        <source>Choose deployment %1</source>
        <translation>Deployment %1 wählen</translation>
    </message>
    <message>
        <source>Set weight</source>
        <translation>Gewicht festlegen</translation>
    </message>
    <message>
        <source>Set allowed regions</source>
        <translation>Erlaubte Regionen festlegen</translation>
    </message>
    <message>
        <source>Set serving region</source>
        <translation>Bedienende Region festlegen</translation>
    </message>
    <message>
        <source>Override recovery</source>
        <translation>Fehlerbehandlung überschreiben</translation>
    </message>
    <message>
        <source>Default recovery</source>
        <translation>Standard-Fehlerbehandlung</translation>
    </message>
    <message>
        <source>Set recovery</source>
        <translation>Fehlerbehandlung festlegen</translation>
    </message>
    <message>
        <source>Enable %1</source>
        <translation>%1 aktivieren</translation>
    </message>
    <message>
        <source>Disable %1</source>
        <translation>%1 deaktivieren</translation>
    </message>
    <message>
        <source>Add offering</source>
        <translation>Angebot hinzufügen</translation>
    </message>
    <message>
        <source>Remove offering</source>
        <translation>Angebot entfernen</translation>
    </message>
    <message>
        <source>Reorder offerings</source>
        <translation>Angebote umordnen</translation>
    </message>
    <message>
        <source>Edit offering</source>
        <translation>Angebot bearbeiten</translation>
    </message>
    <message>
        <source>Create model %1</source>
        <translation>Modell %1 anlegen</translation>
    </message>
    <message>
        <source>Duplicate %1 as %2</source>
        <translation>%1 als %2 duplizieren</translation>
    </message>
    <message>
        <source>Delete model %1</source>
        <translation>Modell %1 löschen</translation>
    </message>
    <message>
        <source>Edit connection %1</source>
        <translation>Verbindung %1 bearbeiten</translation>
    </message>
    <message>
        <source>Add connection %1</source>
        <translation>Verbindung %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove connection %1</source>
        <translation>Verbindung %1 entfernen</translation>
    </message>
    <message>
        <source>Add project %1</source>
        <translation>Projekt %1 hinzufügen</translation>
    </message>
    <message>
        <source>Create key %1</source>
        <translation>Schlüssel %1 anlegen</translation>
    </message>
    <message>
        <source>Revoke key</source>
        <translation>Schlüssel widerrufen</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>vor %1 s</translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation>vor %1 Min.</translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation>vor %1 Std.</translation>
    </message>
    <message>
        <source>%1 d ago</source>
        <translation>vor %1 T.</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Cannot save: %1</source>
        <translation>Speichern nicht möglich: %1</translation>
    </message>
    <message>
        <source>Cannot save: no database is open.</source>
        <translation>Speichern nicht möglich: Keine Datenbank ist geöffnet.</translation>
    </message>
    <message>
        <source>Discard changes</source>
        <translation>Änderungen verwerfen</translation>
    </message>
    <message>
        <source>There are no changes to save.</source>
        <translation>Es gibt keine Änderungen zum Speichern.</translation>
    </message>
    <message>
        <source>429 rate limited</source>
        <translation>429 Rate-Limit</translation>
    </message>
    <message>
        <source>500 server error</source>
        <translation>500 Serverfehler</translation>
    </message>
    <message>
        <source>503 unavailable</source>
        <translation>503 nicht verfügbar</translation>
    </message>
    <message>
        <source>529 overloaded</source>
        <translation>529 überlastet</translation>
    </message>
    <message>
        <source>timeout before status</source>
        <translation>Timeout vor dem Status</translation>
    </message>
    <message>
        <source>drop before answer</source>
        <translation>Abbruch vor der Antwort</translation>
    </message>
    <message>
        <source>stream cut</source>
        <translation>Stream abgebrochen</translation>
    </message>
    <message>
        <source>stream stall</source>
        <translation>Stream stockt</translation>
    </message>
    <message>
        <source>undecodable body</source>
        <translation>nicht dekodierbarer Body</translation>
    </message>
    <message>
        <source>content refusal</source>
        <translation>Inhaltsverweigerung</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Environment variable</source>
        <translation>Umgebungsvariable</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Stored in the workspace</source>
        <translation>Im Arbeitsbereich gespeichert</translation>
    </message>
    <message>
        <source>e.g. us-east-1 (optional)</source>
        <translation>z. B. us-east-1 (optional)</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Aktiviert</translation>
    </message>
    <message>
        <source>Aggregator (receives directives as provider fields)</source>
        <translation>Aggregator (erhält Direktiven als Anbieterfelder)</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Basis-URL</translation>
    </message>
    <message>
        <source>API version</source>
        <translation>API-Version</translation>
    </message>
    <message>
        <source>Credential</source>
        <translation>Zugangsdaten</translation>
    </message>
    <message>
        <source>Serving region</source>
        <translation>Bedienende Region</translation>
    </message>
    <message>
        <source>Simulator: rehearse failures</source>
        <translation>Simulator: Fehler proben</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source> tokens/s</source>
        <translation> Tokens/s</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source> events</source>
        <translation> Ereignisse</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>Stream speed</source>
        <translation>Stream-Geschwindigkeit</translation>
    </message>
    <message>
        <source>Failure rate</source>
        <translation>Fehlerrate</translation>
    </message>
    <message>
        <source>Failure kinds</source>
        <translation>Fehlerarten</translation>
    </message>
    <message>
        <source>Cut stream after</source>
        <translation>Stream abbrechen nach</translation>
    </message>
    <message>
        <source>No connection selected</source>
        <translation>Keine Verbindung ausgewählt</translation>
    </message>
    <message>
        <source>paste the API key, then press Enter</source>
        <translation>API-Schlüssel einfügen, dann Eingabe drücken</translation>
    </message>
    <message>
        <source>type a new key to replace the stored one</source>
        <translation>neuen Schlüssel eingeben, um den gespeicherten zu ersetzen</translation>
    </message>
    <message>
        <source>/path/to/key</source>
        <translation>/pfad/zum/schluessel</translation>
    </message>
    <message>
        <source>OPENAI_API_KEY</source>
        <translation>OPENAI_API_KEY</translation>
    </message>
    <message>
        <source>%1 (off)</source>
        <translation>%1 (aus)</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Add connection</source>
        <translation>Verbindung hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>%1 serves %2; remove those offerings first.</source>
        <translation>%1 bedient %2; entfernen Sie zuerst diese Angebote.</translation>
    </message>
    <message>
        <source>Name, e.g. openai-2:</source>
        <translation>Name, z. B. openai-2:</translation>
    </message>
    <message>
        <source>A connection named %1 exists already.</source>
        <translation>Eine Verbindung namens %1 gibt es bereits.</translation>
    </message>
    <message>
        <source>Select a connection.</source>
        <translation>Wählen Sie eine Verbindung.</translation>
    </message>
    <message>
        <source>Remove the selected connection</source>
        <translation>Die ausgewählte Verbindung entfernen</translation>
    </message>
    <message>
        <source>stored (empty)</source>
        <translation>gespeichert (leer)</translation>
    </message>
    <message>
        <source>•••• stored</source>
        <translation>•••• gespeichert</translation>
    </message>
    <message>
        <source>env: %1</source>
        <translation>Umgebung: %1</translation>
    </message>
    <message>
        <source>file: %1</source>
        <translation>Datei: %1</translation>
    </message>
    <message>
        <source>Project %1</source>
        <translation>Projekt %1</translation>
    </message>
    <message>
        <source>Key %1</source>
        <translation>Schlüssel %1</translation>
    </message>
    <message>
        <source>Workspace (team)</source>
        <translation>Arbeitsbereich (Team)</translation>
    </message>
    <message>
        <source>Edit directives: %1</source>
        <translation>Direktiven bearbeiten: %1</translation>
    </message>
    <message>
        <source>Levels only narrow: a call must pass the workspace, its project and its key. Unset means this level says nothing.</source>
        <translation>Ebenen schränken nur ein: Ein Aufruf muss den Arbeitsbereich, sein Projekt und seinen Schlüssel passieren. Nicht gesetzt heißt: Diese Ebene sagt nichts.</translation>
    </message>
    <message>
        <source>Allowed models</source>
        <translation>Erlaubte Modelle</translation>
    </message>
    <message>
        <source>Only these models (unset: any model)</source>
        <translation>Nur diese Modelle (nicht gesetzt: jedes Modell)</translation>
    </message>
    <message>
        <source>model or vendor/*</source>
        <translation>Modell oder Anbieter/*</translation>
    </message>
    <message>
        <source>Providers and data policy</source>
        <translation>Anbieter und Datenrichtlinie</translation>
    </message>
    <message>
        <source>Only these providers (unset: any provider)</source>
        <translation>Nur diese Anbieter (nicht gesetzt: jeder Anbieter)</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>Erforderlich</translation>
    </message>
    <message>
        <source>Not required</source>
        <translation>Nicht erforderlich</translation>
    </message>
    <message>
        <source>Denied providers (denied beats allowed):</source>
        <translation>Gesperrte Anbieter (Sperre schlägt Erlaubnis):</translation>
    </message>
    <message>
        <source>Require zero data retention</source>
        <translation>Keine Datenspeicherung (ZDR) verlangen</translation>
    </message>
    <message>
        <source>Require no training on prompts</source>
        <translation>Kein Training mit Prompts verlangen</translation>
    </message>
    <message>
        <source>Precision and attempts</source>
        <translation>Präzision und Versuche</translation>
    </message>
    <message>
        <source>Unset</source>
        <translation>Nicht gesetzt</translation>
    </message>
    <message>
        <source>none (no minimum)</source>
        <translation>keine (kein Minimum)</translation>
    </message>
    <message>
        <source>fp8 (skips fp4)</source>
        <translation>fp8 (überspringt fp4)</translation>
    </message>
    <message>
        <source>bf16 (skips fp8 and fp4)</source>
        <translation>bf16 (überspringt fp8 und fp4)</translation>
    </message>
    <message>
        <source>Cap</source>
        <translation>Obergrenze</translation>
    </message>
    <message>
        <source>Max application attempts</source>
        <translation>Maximale Anwendungsversuche</translation>
    </message>
    <message>
        <source>1 to 8; the lowest cap of any level applies</source>
        <translation>1 bis 8; es gilt die niedrigste Obergrenze aller Ebenen</translation>
    </message>
    <message>
        <source>Minimum precision</source>
        <translation>Mindestpräzision</translation>
    </message>
    <message>
        <source>The highest precision any level sets applies; offerings listing none are kept.</source>
        <translation>Es gilt die höchste Präzision, die eine Ebene setzt; Angebote ohne Angabe bleiben erhalten.</translation>
    </message>
    <message>
        <source>Model fallback</source>
        <translation>Modell-Fallback</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation>Erlaubt</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Own fallback models, in order (unset: the list of the level above)</source>
        <translation>Eigene Fallback-Modelle, in Reihenfolge (nicht gesetzt: die Liste der Ebene darüber)</translation>
    </message>
    <message>
        <source>Allow model fallback</source>
        <translation>Modell-Fallback erlauben</translation>
    </message>
    <message>
        <source>The team decides whether fallback is allowed (unset is off); a project or key can only turn it off.</source>
        <translation>Das Team entscheidet, ob Fallback erlaubt ist (nicht gesetzt heißt aus); ein Projekt oder Schlüssel kann es nur ausschalten.</translation>
    </message>
    <message>
        <source>Levels</source>
        <translation>Ebenen</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>Effective</source>
        <translation>Wirksam</translation>
    </message>
    <message>
        <source>Key %1 (revoked)</source>
        <translation>Schlüssel %1 (widerrufen)</translation>
    </message>
    <message>
        <source>%1: no rules at this level</source>
        <translation>%1: keine Regeln auf dieser Ebene</translation>
    </message>
    <message>
        <source>%1: sets rules</source>
        <translation>%1: setzt Regeln</translation>
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
        <translation>jedes Modell</translation>
    </message>
    <message>
        <source>no level restricts models</source>
        <translation>keine Ebene schränkt Modelle ein</translation>
    </message>
    <message>
        <source>a model must be allowed at every level</source>
        <translation>ein Modell muss auf jeder Ebene erlaubt sein</translation>
    </message>
    <message>
        <source>Allowed providers</source>
        <translation>Erlaubte Anbieter</translation>
    </message>
    <message>
        <source>any provider</source>
        <translation>jeder Anbieter</translation>
    </message>
    <message>
        <source>no level restricts providers</source>
        <translation>keine Ebene schränkt Anbieter ein</translation>
    </message>
    <message>
        <source>only providers on every level&apos;s list; denied beats allowed</source>
        <translation>nur Anbieter auf der Liste jeder Ebene; Sperre schlägt Erlaubnis</translation>
    </message>
    <message>
        <source>every provider except the denied ones</source>
        <translation>jeder Anbieter außer den gesperrten</translation>
    </message>
    <message>
        <source>Denied providers</source>
        <translation>Gesperrte Anbieter</translation>
    </message>
    <message>
        <source>no level denies a provider</source>
        <translation>keine Ebene sperrt einen Anbieter</translation>
    </message>
    <message>
        <source>denied at any level; denied beats allowed</source>
        <translation>auf irgendeiner Ebene gesperrt; Sperre schlägt Erlaubnis</translation>
    </message>
    <message>
        <source>none (fallback is off)</source>
        <translation>keine (Fallback ist aus)</translation>
    </message>
    <message>
        <source>none named</source>
        <translation>keine genannt</translation>
    </message>
    <message>
        <source>workspace (team)</source>
        <translation>Arbeitsbereich (Team)</translation>
    </message>
    <message>
        <source>project %1</source>
        <translation>Projekt %1</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>Schlüssel %1</translation>
    </message>
    <message>
        <source>preset alias</source>
        <translation>Alias-Voreinstellung</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Require ZDR</source>
        <translation>ZDR verlangen</translation>
    </message>
    <message>
        <source>Require no training</source>
        <translation>Kein Training verlangen</translation>
    </message>
    <message>
        <source>no cap (the model&apos;s Attempts apply)</source>
        <translation>keine Obergrenze (es gelten die Versuche des Modells)</translation>
    </message>
    <message>
        <source>Fallback models</source>
        <translation>Fallback-Modelle</translation>
    </message>
    <message>
        <source>Explain a call…</source>
        <translation>Aufruf erklären…</translation>
    </message>
    <message>
        <source>Open the route explainer for a call with this key: every candidate and every skip with its reason and level.</source>
        <translation>Den Routen-Erklärer für einen Aufruf mit diesem Schlüssel öffnen: jeder Kandidat und jedes Überspringen mit Grund und Ebene.</translation>
    </message>
    <message>
        <source>What applies to calls with this key, from the edited settings (unsaved changes included). Levels only narrow.</source>
        <translation>Was für Aufrufe mit diesem Schlüssel gilt, nach den bearbeiteten Einstellungen (mit ungespeicherten Änderungen). Ebenen schränken nur ein.</translation>
    </message>
    <message>
        <source>Directive</source>
        <translation>Direktive</translation>
    </message>
    <message>
        <source>Effective value</source>
        <translation>Wirksamer Wert</translation>
    </message>
    <message>
        <source>Set by</source>
        <translation>Gesetzt von</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Calls with</source>
        <translation>Aufrufe mit</translation>
    </message>
    <message>
        <source>key %1 (project %2)</source>
        <translation>Schlüssel %1 (Projekt %2)</translation>
    </message>
    <message>
        <source>any key of project %1</source>
        <translation>beliebiger Schlüssel des Projekts %1</translation>
    </message>
    <message>
        <source>the workspace alone</source>
        <translation>nur der Arbeitsbereich</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Sample request</source>
        <translation>Beispielanfrage</translation>
    </message>
    <message>
        <source>Sends tools</source>
        <translation>Sendet Tools</translation>
    </message>
    <message>
        <source>Contains images</source>
        <translation>Enthält Bilder</translation>
    </message>
    <message>
        <source>e.g. us-east-1, eu-west-1</source>
        <translation>z. B. us-east-1, eu-west-1</translation>
    </message>
    <message>
        <source>Streaming</source>
        <translation>Streaming</translation>
    </message>
    <message>
        <source>Model or alias</source>
        <translation>Modell oder Alias</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>Response format</source>
        <translation>Antwortformat</translation>
    </message>
    <message>
        <source>x-gateway-model-regions</source>
        <translation>x-gateway-model-regions</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>First pick</source>
        <translation>Erste Wahl</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Directive level</source>
        <translation>Direktiven-Ebene</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>Candidates in order, with the chance of each being tried first:</source>
        <translation>Kandidaten in Reihenfolge, mit der Chance, jeweils zuerst versucht zu werden:</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>Kein Schlüssel</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>Kein Projekt</translation>
    </message>
    <message>
        <source>Refused before any attempt: %1 %2. %3</source>
        <translation>Vor jedem Versuch abgewiesen: %1 %2. %3</translation>
    </message>
    <message>
        <source>Deprecated alias: %1.</source>
        <translation>Veralteter Alias: %1.</translation>
    </message>
    <message>
        <source>Explaining the saved settings.</source>
        <translation>Erklärt werden die gespeicherten Einstellungen.</translation>
    </message>
    <message numerus="yes">
        <source>Explaining the settings in the editor, with %n unsaved change(s).</source>
        <translation>
            <numerusform>Erklärt werden die Einstellungen im Editor, mit %n ungespeicherten Änderung.</numerusform>
            <numerusform>Erklärt werden die Einstellungen im Editor, mit %n ungespeicherten Änderungen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Capped to %1 by the %2 directives.</source>
        <translation>Durch die Direktiven (%2) auf %1 begrenzt.</translation>
    </message>
    <message numerus="yes">
        <source>The requested model may use %n attempt(s).</source>
        <translation>
            <numerusform>Das angefragte Modell darf %n Versuch nutzen.</numerusform>
            <numerusform>Das angefragte Modell darf %n Versuche nutzen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fallback is on (%1).</source>
        <translation>Fallback ist an (%1).</translation>
    </message>
    <message>
        <source>Fallback is off (%1).</source>
        <translation>Fallback ist aus (%1).</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Listen beyond this machine?</source>
        <translation>Über diesen Rechner hinaus lauschen?</translation>
    </message>
    <message>
        <source>%1 is not a loopback address: other machines on the network could call the gateway with your providers&apos; credentials if they have a key. Listen there?</source>
        <translation>%1 ist keine Loopback-Adresse: Andere Rechner im Netz könnten das Gateway mit den Zugangsdaten Ihrer Anbieter aufrufen, wenn sie einen Schlüssel haben. Dort lauschen?</translation>
    </message>
    <message>
        <source>Gateway</source>
        <translation>Gateway</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>beliebiger freier Port</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Live</translation>
    </message>
    <message>
        <source>Test call</source>
        <translation>Testaufruf</translation>
    </message>
    <message>
        <source>paste a caller key (sb-…)</source>
        <translation>Aufrufer-Schlüssel einfügen (sb-…)</translation>
    </message>
    <message>
        <source>Say hello in five words.</source>
        <translation>Sag Hallo in fünf Wörtern.</translation>
    </message>
    <message>
        <source>Send test call</source>
        <translation>Testaufruf senden</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Caller key</source>
        <translation>Aufrufer-Schlüssel</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>○ No embedded gateway in this session (--no-gateway).</source>
        <translation>○ Kein eingebettetes Gateway in dieser Sitzung (--no-gateway).</translation>
    </message>
    <message>
        <source>● Running on %1</source>
        <translation>● Läuft auf %1</translation>
    </message>
    <message>
        <source>○ Stopped: %1</source>
        <translation>○ Gestoppt: %1</translation>
    </message>
    <message>
        <source>○ Stopped</source>
        <translation>○ Gestoppt</translation>
    </message>
    <message>
        <source>%1 calls/s · %2 in flight · %3 cooling down · %4 calls in total</source>
        <translation>%1 Aufrufe/s · %2 laufend · %3 in Abkühlung · %4 Aufrufe insgesamt</translation>
    </message>
    <message>
        <source>Start the gateway first.</source>
        <translation>Starten Sie zuerst das Gateway.</translation>
    </message>
    <message>
        <source>Start gateway</source>
        <translation>Gateway starten</translation>
    </message>
    <message>
        <source>%1 is not an IP address.</source>
        <translation>%1 ist keine IP-Adresse.</translation>
    </message>
    <message>
        <source>Calling %1…</source>
        <translation>Rufe %1 auf…</translation>
    </message>
    <message>
        <source>No answer: %1</source>
        <translation>Keine Antwort: %1</translation>
    </message>
    <message>
        <source>HTTP %1 · served by %2 · %3 attempt(s)
%4</source>
        <translation>HTTP %1 · bedient von %2 · Versuche: %3
%4</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>Gespeichert</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>Autor</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Änderungen</translation>
    </message>
    <message>
        <source>Compare with current</source>
        <translation>Mit aktuellem Stand vergleichen</translation>
    </message>
    <message>
        <source>Restore this version</source>
        <translation>Diese Version wiederherstellen</translation>
    </message>
    <message>
        <source>What would change going from this version to the current state</source>
        <translation>Was sich von dieser Version zum aktuellen Stand ändern würde</translation>
    </message>
    <message>
        <source>Make this version the edited state; Save changes makes it a new version</source>
        <translation>Diese Version zum bearbeiteten Stand machen; „Änderungen speichern“ macht daraus eine neue Version</translation>
    </message>
    <message>
        <source>No saved version yet.</source>
        <translation>Noch keine gespeicherte Version.</translation>
    </message>
    <message>
        <source>Version %1 by %2, %3</source>
        <translation>Version %1 von %2, %3</translation>
    </message>
    <message>
        <source>(first version)</source>
        <translation>(erste Version)</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>From version %1 to the current state</source>
        <translation>Von Version %1 zum aktuellen Stand</translation>
    </message>
    <message>
        <source>No differences.</source>
        <translation>Keine Unterschiede.</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Restore version %1</source>
        <translation>Version %1 wiederherstellen</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Key %1 created</source>
        <translation>Schlüssel %1 angelegt</translation>
    </message>
    <message>
        <source>Copy this key now: it is shown only once. Only a hash is kept; the key works once you save changes.</source>
        <translation>Kopieren Sie diesen Schlüssel jetzt: Er wird nur einmal angezeigt. Gespeichert wird nur ein Hash; der Schlüssel funktioniert, sobald Sie die Änderungen speichern.</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>widerrufen</translation>
    </message>
    <message>
        <source>Starts with</source>
        <translation>Beginnt mit</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Angelegt</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Create key</source>
        <translation>Schlüssel anlegen</translation>
    </message>
    <message>
        <source>Revoke…</source>
        <translation>Widerrufen…</translation>
    </message>
    <message>
        <source>New project…</source>
        <translation>Neues Projekt…</translation>
    </message>
    <message>
        <source>key name, e.g. ci-runner</source>
        <translation>Schlüsselname, z. B. ci-runner</translation>
    </message>
    <message>
        <source>Create a key; it is shown once</source>
        <translation>Einen Schlüssel anlegen; er wird einmal angezeigt</translation>
    </message>
    <message>
        <source>Create a project first.</source>
        <translation>Legen Sie zuerst ein Projekt an.</translation>
    </message>
    <message>
        <source>Revoke the key %1 (%2…)? Callers using it are refused once you save.</source>
        <translation>Den Schlüssel %1 (%2…) widerrufen? Aufrufer, die ihn nutzen, werden nach dem Speichern abgewiesen.</translation>
    </message>
    <message>
        <source>New project</source>
        <translation>Neues Projekt</translation>
    </message>
    <message>
        <source>Project id:</source>
        <translation>Projekt-ID:</translation>
    </message>
    <message>
        <source>A project %1 exists already.</source>
        <translation>Ein Projekt %1 gibt es bereits.</translation>
    </message>
    <message>
        <source>○ Gateway off (--no-gateway)</source>
        <translation>○ Gateway aus (--no-gateway)</translation>
    </message>
    <message>
        <source>● Gateway running on %1</source>
        <translation>● Gateway läuft auf %1</translation>
    </message>
    <message>
        <source>○ Gateway stopped</source>
        <translation>○ Gateway gestoppt</translation>
    </message>
    <message>
        <source>%1 calls/s</source>
        <translation>%1 Aufrufe/s</translation>
    </message>
    <message>
        <source>%1 cooling down</source>
        <translation>%1 in Abkühlung</translation>
    </message>
    <message>
        <source>1 unsaved change</source>
        <translation>1 ungespeicherte Änderung</translation>
    </message>
    <message>
        <source>%1 unsaved changes</source>
        <translation>%1 ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation>%1 (Strg+%2)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Save changes</source>
        <translation>Änderungen &amp;speichern</translation>
    </message>
    <message>
        <source>&amp;Discard changes</source>
        <translation>Änderungen &amp;verwerfen</translation>
    </message>
    <message>
        <source>&amp;Export configuration…</source>
        <translation>Konfiguration &amp;exportieren…</translation>
    </message>
    <message>
        <source>&amp;Import configuration…</source>
        <translation>Konfiguration &amp;importieren…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Gateway</source>
        <translation>&amp;Gateway</translation>
    </message>
    <message>
        <source>Gateway &amp;control</source>
        <translation>Gateway-&amp;Steuerung</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Switchboard</source>
        <translation>&amp;Über Switchboard</translation>
    </message>
    <message>
        <source>About Switchboard</source>
        <translation>Über Switchboard</translation>
    </message>
    <message>
        <source>Switchboard %1: a studio for an LLM model gateway.</source>
        <translation>Switchboard %1: ein Studio für ein LLM-Modell-Gateway.</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>Switchboard[*]</source>
        <translation>Switchboard[*]</translation>
    </message>
    <message>
        <source>%1[*] — Switchboard</source>
        <translation>%1[*] — Switchboard</translation>
    </message>
    <message>
        <source>Export configuration</source>
        <translation>Konfiguration exportieren</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Import configuration</source>
        <translation>Konfiguration importieren</translation>
    </message>
    <message>
        <source>Nothing was imported:
%1</source>
        <translation>Nichts wurde importiert:
%1</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>%1 importieren</translation>
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
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Recovery defaults</source>
        <translation>Standard-Fehlerbehandlung</translation>
    </message>
    <message>
        <source>Deployment</source>
        <translation>Deployment</translation>
    </message>
    <message>
        <source>First picks</source>
        <translation>Erste Wahl</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Cooling down</source>
        <translation>Kühlt ab</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Letzter Fehler</translation>
    </message>
    <message>
        <source>○ disabled</source>
        <translation>○ deaktiviert</translation>
    </message>
    <message>
        <source>◐ drained</source>
        <translation>◐ pausiert</translation>
    </message>
    <message>
        <source>◐ cooling down</source>
        <translation>◐ kühlt ab</translation>
    </message>
    <message>
        <source>● healthy</source>
        <translation>● gesund</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>Modality</source>
        <translation>Modalität</translation>
    </message>
    <message>
        <source>Pool · %1</source>
        <translation>Pool · %1</translation>
    </message>
    <message>
        <source>Direct</source>
        <translation>Direkt</translation>
    </message>
    <message>
        <source>chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>Disabled: calls naming %1 are refused.</source>
        <translation>Deaktiviert: Aufrufe, die %1 nennen, werden abgewiesen.</translation>
    </message>
    <message>
        <source>Some deployments are cooling down after a failure.</source>
        <translation>Einige Deployments kühlen nach einem Fehler ab.</translation>
    </message>
    <message>
        <source>Healthy: no deployment is cooling down.</source>
        <translation>Gesund: Kein Deployment kühlt ab.</translation>
    </message>
    <message>
        <source>Routing and health</source>
        <translation>Routing und Zustand</translation>
    </message>
    <message>
        <source>Drain</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <source>Re-enable</source>
        <translation>Wieder aktivieren</translation>
    </message>
    <message>
        <source>Stop sending calls to the selected deployment until re-enabled</source>
        <translation>Keine Aufrufe mehr an das ausgewählte Deployment senden, bis es wieder aktiviert wird</translation>
    </message>
    <message>
        <source>Send calls to the selected deployment again and end its cooldown</source>
        <translation>Wieder Aufrufe an das ausgewählte Deployment senden und seine Abkühlung beenden</translation>
    </message>
    <message>
        <source>This model is new: save it to route calls to it.</source>
        <translation>Dieses Modell ist neu: Speichern Sie es, um Aufrufe dorthin zu leiten.</translation>
    </message>
    <message>
        <source>Unsaved changes to this model take effect when saved.</source>
        <translation>Ungespeicherte Änderungen an diesem Modell wirken erst nach dem Speichern.</translation>
    </message>
    <message>
        <source>The gateway is not running.</source>
        <translation>Das Gateway läuft nicht.</translation>
    </message>
    <message>
        <source>Select a deployment first.</source>
        <translation>Wählen Sie zuerst ein Deployment.</translation>
    </message>
    <message>
        <source>Stop sending calls to the selected deployment</source>
        <translation>Keine Aufrufe mehr an das ausgewählte Deployment senden</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Override</source>
        <translation>Überschreiben</translation>
    </message>
    <message>
        <source>e.g. us-east-1</source>
        <translation>z. B. us-east-1</translation>
    </message>
    <message>
        <source>Deployment pool</source>
        <translation>Deployment-Pool</translation>
    </message>
    <message>
        <source>Offerings, tried in this order</source>
        <translation>Angebote, in dieser Reihenfolge versucht</translation>
    </message>
    <message>
        <source>Recovery</source>
        <translation>Fehlerbehandlung</translation>
    </message>
    <message>
        <source>Search models…</source>
        <translation>Modelle suchen…</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <source>Disable</source>
        <translation>Deaktivieren</translation>
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
        <translation>%1 ist ein Deployment im Pool von %2; entfernen Sie es zuerst dort.</translation>
    </message>
    <message>
        <source>%1 is the target of the alias %2; point the alias elsewhere first.</source>
        <translation>%1 ist das Ziel des Alias %2; lassen Sie den Alias zuerst auf etwas anderes zeigen.</translation>
    </message>
    <message>
        <source>No model selected</source>
        <translation>Kein Modell ausgewählt</translation>
    </message>
    <message>
        <source>New model</source>
        <translation>Neues Modell</translation>
    </message>
    <message>
        <source>Name (namespace/id), e.g. openai-2/gpt-4o:</source>
        <translation>Name (Namensraum/ID), z. B. openai-2/gpt-4o:</translation>
    </message>
    <message>
        <source>A model named %1 exists already.</source>
        <translation>Ein Modell namens %1 gibt es bereits.</translation>
    </message>
    <message>
        <source>Enable %1 models</source>
        <translation>%1 Modelle aktivieren</translation>
    </message>
    <message>
        <source>Disable %1 models</source>
        <translation>%1 Modelle deaktivieren</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>Modell löschen</translation>
    </message>
    <message>
        <source>Enable</source>
        <translation>Aktivieren</translation>
    </message>
    <message>
        <source>Delete the selected model (undoable until saved)</source>
        <translation>Das ausgewählte Modell löschen (rückgängig machbar bis zum Speichern)</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Tools</translation>
    </message>
    <message>
        <source>Structured output</source>
        <translation>Strukturierte Ausgabe</translation>
    </message>
    <message>
        <source>Vision</source>
        <translation>Bildverarbeitung</translation>
    </message>
    <message>
        <source>Certified</source>
        <translation>Zertifiziert</translation>
    </message>
    <message>
        <source>not listed</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>web search tool versions, comma-separated</source>
        <translation>Versionen des Websuche-Tools, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>Upstream model</source>
        <translation>Upstream-Modell</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Präzision</translation>
    </message>
    <message>
        <source>Capabilities</source>
        <translation>Fähigkeiten</translation>
    </message>
    <message>
        <source>Web search</source>
        <translation>Websuche</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>Tools</translation>
    </message>
    <message>
        <source>structured output</source>
        <translation>strukturierte Ausgabe</translation>
    </message>
    <message>
        <source>vision</source>
        <translation>Bildverarbeitung</translation>
    </message>
    <message>
        <source>uncertified</source>
        <translation>nicht zertifiziert</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Direct (default)</source>
        <translation>Direkt (Standard)</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>Add deployment</source>
        <translation>Deployment hinzufügen</translation>
    </message>
    <message>
        <source>any region, or e.g. us-east-1, us-west-2</source>
        <translation>jede Region, oder z. B. us-east-1, us-west-2</translation>
    </message>
    <message>
        <source>Allowed regions</source>
        <translation>Erlaubte Regionen</translation>
    </message>
    <message>
        <source>Deployment %1</source>
        <translation>Deployment %1</translation>
    </message>
    <message>
        <source>Weight %1</source>
        <translation>Gewicht %1</translation>
    </message>
    <message>
        <source>Remove this deployment</source>
        <translation>Dieses Deployment entfernen</translation>
    </message>
    <message>
        <source>(%1 of %2)</source>
        <translation>(%1 von %2)</translation>
    </message>
    <message>
        <source>A pool holds at most %1 deployments.</source>
        <translation>Ein Pool enthält höchstens %1 Deployments.</translation>
    </message>
    <message>
        <source>No other enabled, unpooled %1 model is left to add.</source>
        <translation>Es ist kein weiteres aktiviertes %1-Modell ohne Pool zum Hinzufügen übrig.</translation>
    </message>
    <message>
        <source>Add a row for another deployment</source>
        <translation>Eine Zeile für ein weiteres Deployment hinzufügen</translation>
    </message>
    <message>
        <source>Deadline, ms</source>
        <translation>Frist, ms</translation>
    </message>
    <message>
        <source>Backoff, ms</source>
        <translation>Backoff, ms</translation>
    </message>
    <message>
        <source>first wait; at most the longest</source>
        <translation>erste Wartezeit; höchstens die längste</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>Cooldown, ms</source>
        <translation>Abkühlzeit, ms</translation>
    </message>
    <message>
        <source>no probes yet</source>
        <translation>noch keine Proben</translation>
    </message>
    <message>
        <source>%1 of %2 (%3%)</source>
        <translation>%1 von %2 (%3 %)</translation>
    </message>
    <message>
        <source>structured</source>
        <translation>strukturiert</translation>
    </message>
    <message>
        <source>text only</source>
        <translation>nur Text</translation>
    </message>
    <message>
        <source>unknown connection</source>
        <translation>unbekannte Verbindung</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Create provider %1</source>
        <translation>Anbieter %1 anlegen</translation>
    </message>
    <message>
        <source>Edit provider %1: %2</source>
        <translation>Anbieter %1 bearbeiten: %2</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Tool probes</source>
        <translation>Tool-Proben</translation>
    </message>
    <message>
        <source>Structured probes</source>
        <translation>Strukturierte Proben</translation>
    </message>
    <message>
        <source>Offerings of Direct models, in their fixed order (edit them under Models → Settings)</source>
        <translation>Angebote direkter Modelle in ihrer festen Reihenfolge (bearbeiten unter Modelle → Einstellungen)</translation>
    </message>
    <message>
        <source>Providers and their data policy</source>
        <translation>Anbieter und ihre Datenrichtlinie</translation>
    </message>
    <message>
        <source>ZDR</source>
        <translation>ZDR</translation>
    </message>
    <message>
        <source>No training</source>
        <translation>Kein Training</translation>
    </message>
    <message>
        <source>Source of these facts</source>
        <translation>Quelle dieser Angaben</translation>
    </message>
    <message>
        <source>Zero data retention</source>
        <translation>Keine Datenspeicherung</translation>
    </message>
    <message>
        <source>new provider id, e.g. together</source>
        <translation>neue Anbieter-ID, z. B. together</translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation>Anbieter hinzufügen</translation>
    </message>
    <message>
        <source>Does not train on prompts</source>
        <translation>Trainiert nicht mit Prompts</translation>
    </message>
    <message>
        <source>provider listing 2026-11-01, set by hand, …</source>
        <translation>Anbieterliste 2026-11-01, von Hand gesetzt, …</translation>
    </message>
    <message>
        <source>requireZdr and requireNoTraining directives skip providers without these facts (no_zdr, no_training on the receipt).</source>
        <translation>Die Direktiven requireZdr und requireNoTraining überspringen Anbieter ohne diese Angaben (no_zdr, no_training im Beleg).</translation>
    </message>
    <message>
        <source>Display name</source>
        <translation>Anzeigename</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>Provider %1</source>
        <translation>Anbieter %1</translation>
    </message>
    <message>
        <source>No provider selected</source>
        <translation>Kein Anbieter ausgewählt</translation>
    </message>
    <message>
        <source>A provider id is 1–64 lowercase letters, digits, &apos;.&apos;, &apos;-&apos; or &apos;_&apos;.</source>
        <translation>Eine Anbieter-ID besteht aus 1–64 Kleinbuchstaben, Ziffern, &apos;.&apos;, &apos;-&apos; oder &apos;_&apos;.</translation>
    </message>
    <message>
        <source>Provider %1 already exists.</source>
        <translation>Den Anbieter %1 gibt es bereits.</translation>
    </message>
    <message>
        <source>set by hand</source>
        <translation>von Hand gesetzt</translation>
    </message>
    <message>
        <source>Switchboard studio</source>
        <translation>Switchboard-Studio</translation>
    </message>
    <message>
        <source>Do not start the embedded gateway.</source>
        <translation>Das eingebettete Gateway nicht starten.</translation>
    </message>
    <message>
        <source>Render every screen into DIR and exit.</source>
        <translation>Jeden Bildschirm nach DIR rendern und beenden.</translation>
    </message>
    <message>
        <source>refused before any attempt</source>
        <translation>vor jedem Versuch abgewiesen</translation>
    </message>
    <message>
        <source>Failed calls by error class</source>
        <translation>Fehlgeschlagene Aufrufe nach Fehlerklasse</translation>
    </message>
    <message>
        <source>Attempts per call</source>
        <translation>Versuche pro Aufruf</translation>
    </message>
    <message>
        <source>Served</source>
        <translation>Bedient</translation>
    </message>
    <message>
        <source>%1 · %2: %3</source>
        <translation>%1 · %2: %3</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Mean attempts</source>
        <translation>Mittlere Versuche</translation>
    </message>
    <message>
        <source>Failed calls by error class: none</source>
        <translation>Fehlgeschlagene Aufrufe nach Fehlerklasse: keine</translation>
    </message>
    <message>
        <source>&amp;Window</source>
        <translation>&amp;Zeitraum</translation>
    </message>
    <message>
        <source>&amp;By</source>
        <translation>&amp;Nach</translation>
    </message>
    <message>
        <source>Model %1</source>
        <translation>Modell %1</translation>
    </message>
    <message>
        <source>Connection %1</source>
        <translation>Verbindung %1</translation>
    </message>
    <message>
        <source>All calls</source>
        <translation>Alle Aufrufe</translation>
    </message>
    <message>
        <source>The dashboard cannot be shown: %1</source>
        <translation>Das Dashboard kann nicht angezeigt werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n Std.</numerusform>
            <numerusform>%n Std.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n Min.</numerusform>
            <numerusform>%n Min.</numerusform>
        </translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Dashboard</translation>
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
        <translation>Standard-Fehlerbehandlung festlegen</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>the caller hung up</source>
        <translation>der Aufrufer hat aufgelegt</translation>
    </message>
    <message>
        <source>the deadline passed</source>
        <translation>die Frist ist abgelaufen</translation>
    </message>
    <message>
        <source>%1 before an answer is transient</source>
        <translation>%1 vor einer Antwort ist vorübergehend</translation>
    </message>
    <message>
        <source>the upstream stopped answering after it had started</source>
        <translation>der Upstream hat aufgehört zu antworten, nachdem er begonnen hatte</translation>
    </message>
    <message>
        <source>the reply could not be decoded</source>
        <translation>die Antwort ließ sich nicht dekodieren</translation>
    </message>
    <message>
        <source>content refusal is final</source>
        <translation>eine Inhaltsverweigerung ist endgültig</translation>
    </message>
    <message>
        <source>%1 is transient</source>
        <translation>%1 ist vorübergehend</translation>
    </message>
    <message>
        <source>%1: the upstream rejected the credential</source>
        <translation>%1: Der Upstream hat die Zugangsdaten abgelehnt</translation>
    </message>
    <message>
        <source>%1 is the caller&apos;s error</source>
        <translation>%1 ist ein Fehler des Aufrufers</translation>
    </message>
    <message>
        <source>the answer had started reaching the caller</source>
        <translation>die Antwort hatte den Aufrufer bereits erreicht</translation>
    </message>
    <message>
        <source>no answer is transient</source>
        <translation>keine Antwort ist vorübergehend</translation>
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
        <translation>der letzte Versuch ist für den Fallback reserviert</translation>
    </message>
    <message>
        <source>the next wait would not fit the deadline</source>
        <translation>die nächste Wartezeit passt nicht mehr in die Frist</translation>
    </message>
    <message>
        <source>%1 has no candidate left</source>
        <translation>%1 hat keinen Kandidaten mehr</translation>
    </message>
    <message>
        <source>every candidate of %1 is cooling down</source>
        <translation>jeder Kandidat von %1 kühlt ab</translation>
    </message>
    <message>
        <source>drained by hand</source>
        <translation>von Hand pausiert</translation>
    </message>
    <message>
        <source>cooling down for %1 ms more</source>
        <translation>kühlt noch %1 ms ab</translation>
    </message>
    <message>
        <source>serving region %1 is not in the pool&apos;s allowed regions %2</source>
        <translation>die bedienende Region %1 ist nicht unter den erlaubten Regionen %2 des Pools</translation>
    </message>
    <message>
        <source>serving region %1 is not in the request&apos;s regions %2</source>
        <translation>die bedienende Region %1 ist nicht unter den Regionen %2 der Anfrage</translation>
    </message>
    <message>
        <source>model modality is %1, the call needs %2</source>
        <translation>die Modalität des Modells ist %1, der Aufruf braucht %2</translation>
    </message>
    <message>
        <source>its connection (%1) does not serve %2</source>
        <translation>seine Verbindung (%1) bedient %2 nicht</translation>
    </message>
    <message>
        <source>does not support tools</source>
        <translation>unterstützt keine Tools</translation>
    </message>
    <message>
        <source>does not support structured output</source>
        <translation>unterstützt keine strukturierte Ausgabe</translation>
    </message>
    <message>
        <source>does not support vision</source>
        <translation>unterstützt keine Bildverarbeitung</translation>
    </message>
    <message>
        <source>does not support web search tool %1</source>
        <translation>unterstützt das Websuche-Tool %1 nicht</translation>
    </message>
    <message>
        <source>offering is not certified</source>
        <translation>das Angebot ist nicht zertifiziert</translation>
    </message>
    <message>
        <source>provider %1 is not allowed by the %2 directives</source>
        <translation>der Anbieter %1 ist durch die Direktiven (%2) nicht erlaubt</translation>
    </message>
    <message>
        <source>provider %1 is not listed with zero data retention</source>
        <translation>der Anbieter %1 ist nicht mit Null-Datenspeicherung gelistet</translation>
    </message>
    <message>
        <source>provider %1 is not listed as not training on prompts</source>
        <translation>der Anbieter %1 ist nicht als nicht mit Prompts trainierend gelistet</translation>
    </message>
    <message>
        <source>listed precision %1 is below the minimum %2</source>
        <translation>die angegebene Präzision %1 liegt unter dem Minimum %2</translation>
    </message>
    <message>
        <source>model %1 is off</source>
        <translation>das Modell %1 ist aus</translation>
    </message>
    <message>
        <source>model %1 does not exist</source>
        <translation>das Modell %1 gibt es nicht</translation>
    </message>
    <message>
        <source>connection %1 does not exist</source>
        <translation>die Verbindung %1 gibt es nicht</translation>
    </message>
    <message>
        <source>connection %1 is off</source>
        <translation>die Verbindung %1 ist aus</translation>
    </message>
    <message>
        <source>a pooled model cannot be a deployment</source>
        <translation>ein Modell mit Pool kann kein Deployment sein</translation>
    </message>
    <message>
        <source>model %1 has no offerings</source>
        <translation>das Modell %1 hat keine Angebote</translation>
    </message>
    <message>
        <source>passed %1 of %2 recent probes</source>
        <translation>%1 von %2 letzten Proben bestanden</translation>
    </message>
    <message>
        <source>no level requires it</source>
        <translation>keine Ebene verlangt es</translation>
    </message>
    <message>
        <source>any level turns it on</source>
        <translation>jede Ebene kann es einschalten</translation>
    </message>
    <message>
        <source>highest precision applies</source>
        <translation>die höchste Präzision gilt</translation>
    </message>
    <message>
        <source>lowest cap applies</source>
        <translation>die niedrigste Obergrenze gilt</translation>
    </message>
    <message>
        <source>turned off at this level</source>
        <translation>auf dieser Ebene ausgeschaltet</translation>
    </message>
    <message>
        <source>preset alias&apos;s list applies</source>
        <translation>die Liste der Alias-Voreinstellung gilt</translation>
    </message>
    <message>
        <source>team decides fallback (unset is off)</source>
        <translation>das Team entscheidet über den Fallback (nicht gesetzt heißt aus)</translation>
    </message>
    <message>
        <source>team allows fallback</source>
        <translation>das Team erlaubt Fallback</translation>
    </message>
    <message>
        <source>no level names fallback models</source>
        <translation>keine Ebene nennt Fallback-Modelle</translation>
    </message>
    <message>
        <source>most specific level&apos;s list applies</source>
        <translation>die Liste der spezifischsten Ebene gilt</translation>
    </message>
    <message>
        <source>no such model</source>
        <translation>kein solches Modell</translation>
    </message>
    <message>
        <source>it is the requested model</source>
        <translation>es ist das angefragte Modell</translation>
    </message>
    <message>
        <source>the model is off</source>
        <translation>das Modell ist aus</translation>
    </message>
    <message>
        <source>not allowed by the directives</source>
        <translation>durch die Direktiven nicht erlaubt</translation>
    </message>
    <message>
        <source>different modality</source>
        <translation>andere Modalität</translation>
    </message>
    <message>
        <source>its context window is too small for the request</source>
        <translation>sein Kontextfenster ist zu klein für die Anfrage</translation>
    </message>
    <message>
        <source>can take attempts the requested model leaves</source>
        <translation>kann Versuche nutzen, die das angefragte Modell übrig lässt</translation>
    </message>
    <message>
        <source>no candidate can serve the request now</source>
        <translation>kein Kandidat kann die Anfrage jetzt bedienen</translation>
    </message>
    <message>
        <source>deadline %1 ms</source>
        <translation>Frist %1 ms</translation>
    </message>
    <message>
        <source>backoff %1 to %2 ms</source>
        <translation>Backoff %1 bis %2 ms</translation>
    </message>
    <message>
        <source>cooldown %1 ms</source>
        <translation>Abkühlzeit %1 ms</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Recovery is overridden: %1.</source>
        <translation>Die Fehlerbehandlung ist überschrieben: %1.</translation>
    </message>
    <message>
        <source>Recovery uses the defaults: %1.</source>
        <translation>Die Fehlerbehandlung nutzt die Standardwerte: %1.</translation>
    </message>
    <message>
        <source>This model is off: calls naming it get 403 model_disabled.</source>
        <translation>Dieses Modell ist aus: Aufrufe, die es nennen, erhalten 403 model_disabled.</translation>
    </message>
    <message>
        <source>Pool with no deployments yet: calls fail until one is added.</source>
        <translation>Pool noch ohne Deployments: Aufrufe schlagen fehl, bis eines hinzugefügt ist.</translation>
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
        <translation>Direkt, noch ohne Angebote: Aufrufe schlagen fehl, bis eines hinzugefügt ist.</translation>
    </message>
    <message>
        <source>Direct to 1 offering: %1.</source>
        <translation>Direkt an 1 Angebot: %1.</translation>
    </message>
    <message numerus="yes">
        <source>Direct to %Ln offerings, tried in a fixed order.</source>
        <translation>
            <numerusform>Direkt an %Ln Angebot, in fester Reihenfolge versucht.</numerusform>
            <numerusform>Direkt an %Ln Angebote, in fester Reihenfolge versucht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Serves from %1 (overridden).</source>
        <translation>Bedient aus %1 (überschrieben).</translation>
    </message>
    <message>
        <source>Deployment in %1.</source>
        <translation>Deployment in %1.</translation>
    </message>
    <message>
        <source>connect timeout %1 ms</source>
        <translation>Verbindungs-Timeout %1 ms</translation>
    </message>
    <message>
        <source>stream start timeout %1 ms</source>
        <translation>Stream-Start-Timeout %1 ms</translation>
    </message>
    <message>
        <source>stream idle timeout %1 ms</source>
        <translation>Stream-Leerlauf-Timeout %1 ms</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <source>%1 to %2, including the first; 1 turns retries off</source>
        <translation>%1 bis %2, samt dem ersten; 1: keine Wiederholung</translation>
    </message>
    <message>
        <source>%1 to %2, the whole request</source>
        <translation>%1 bis %2, für die ganze Anfrage</translation>
    </message>
    <message>
        <source>longest wait, %1 to %2</source>
        <translation>längste Wartezeit, %1 bis %2</translation>
    </message>
    <message>
        <source>%1 to %2; a failed deployment is skipped</source>
        <translation>%1 bis %2; Deployment nach Fehler übersprungen</translation>
    </message>
    <message>
        <source>Connect timeout, ms</source>
        <translation>Verbindungs-Timeout, ms</translation>
    </message>
    <message>
        <source>%1 to %2, every attempt</source>
        <translation>%1 bis %2, für jeden Versuch</translation>
    </message>
    <message>
        <source>Stream start timeout, ms</source>
        <translation>Stream-Start-Timeout, ms</translation>
    </message>
    <message>
        <source>%1 to %2; a stream&apos;s wait for its status line</source>
        <translation>%1 bis %2; Warten auf die Statuszeile</translation>
    </message>
    <message>
        <source>Stream idle timeout, ms</source>
        <translation>Stream-Leerlauf-Timeout, ms</translation>
    </message>
    <message>
        <source>%1 to %2; silence once a stream has started</source>
        <translation>%1 bis %2; Stille im laufenden Stream</translation>
    </message>
    <message>
        <source>PEM file, for a self-hosted https server (optional)</source>
        <translation>PEM-Datei, für einen selbst betriebenen https-Server (optional)</translation>
    </message>
    <message>
        <source>CA certificates trusted for this connection besides the system&apos;s.</source>
        <translation>CA-Zertifikate, denen diese Verbindung zusätzlich zu denen des Systems vertraut.</translation>
    </message>
    <message>
        <source>CA file</source>
        <translation>CA-Datei</translation>
    </message>
    <message>
        <source>Up to %1, deadline %2 ms.</source>
        <translation>Bis zu %1, Frist %2 ms.</translation>
    </message>
    <message>
        <source>Up to %1, deadline %2 ms, %3.</source>
        <translation>Bis zu %1, Frist %2 ms, %3.</translation>
    </message>
    <message>
        <source>Every candidate is cooling down: the call waits for the earliest if that fits the deadline.</source>
        <translation>Jeder Kandidat kühlt ab: Der Aufruf wartet auf den frühesten, wenn das in die Frist passt.</translation>
    </message>
    <message>
        <source>This model&apos;s own settings replace the workspace&apos;s recovery defaults.</source>
        <translation>Die eigenen Einstellungen dieses Modells ersetzen die Standard-Fehlerbehandlung des Arbeitsbereichs.</translation>
    </message>
    <message>
        <source>The workspace&apos;s recovery defaults apply; edit them in Workspace settings, or choose Override.</source>
        <translation>Die Standard-Fehlerbehandlung des Arbeitsbereichs gilt; bearbeiten Sie sie unter „Arbeitsbereich“, oder wählen Sie Überschreiben.</translation>
    </message>
    <message>
        <source>Restore the standard values</source>
        <translation>Standardwerte wiederherstellen</translation>
    </message>
    <message>
        <source>Every model whose recovery is Default uses these settings; a model&apos;s Override replaces them for that model.</source>
        <translation>Jedes Modell mit Fehlerbehandlung „Standard“ nutzt diese Einstellungen; „Überschreiben“ bei einem Modell ersetzt sie für dieses Modell.</translation>
    </message>
    <message>
        <source>Set every recovery default back to the value Switchboard ships with.</source>
        <translation>Jeden Standardwert der Fehlerbehandlung auf den Wert zurücksetzen, mit dem Switchboard ausgeliefert wird.</translation>
    </message>
    <message>
        <source>Models on Default recovery: %1 of %2.</source>
        <translation>Modelle mit Standard-Fehlerbehandlung: %1 von %2.</translation>
    </message>
    <message>
        <source>Restore the standard recovery defaults</source>
        <translation>Die ausgelieferte Standard-Fehlerbehandlung wiederherstellen</translation>
    </message>
    <message>
        <source>Gateway address: 127.0.0.1:8640 (default), [::1]:8640, localhost:8640, 0.0.0.0:8640.</source>
        <translation>Gateway-Adresse: 127.0.0.1:8640 (Standard), [::1]:8640, localhost:8640, 0.0.0.0:8640.</translation>
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
    <message>
        <source>any</source>
        <translation>beliebig</translation>
    </message>
    <message>
        <source>empty list</source>
        <translation>leere Liste</translation>
    </message>
    <message>
        <source>Policy source</source>
        <translation>Quelle der Richtlinie</translation>
    </message>
    <message>
        <source>Aggregator</source>
        <translation>Aggregator</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>Tokens pro Sekunde</translation>
    </message>
    <message>
        <source>Retry-After, s</source>
        <translation>Retry-After, s</translation>
    </message>
    <message>
        <source>Stream cut after events</source>
        <translation>Stream-Abbruch nach Ereignissen</translation>
    </message>
    <message>
        <source>Preset defaults</source>
        <translation>Voreingestellte Standardwerte</translation>
    </message>
    <message>
        <source>Deprecation date</source>
        <translation>Ablösedatum</translation>
    </message>
    <message>
        <source>Input price per 1M tokens</source>
        <translation>Eingabepreis pro 1 Mio. Tokens</translation>
    </message>
    <message>
        <source>Output price per 1M tokens</source>
        <translation>Ausgabepreis pro 1 Mio. Tokens</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>Kontextfenster</translation>
    </message>
    <message>
        <source>Deployment order</source>
        <translation>Deployment-Reihenfolge</translation>
    </message>
    <message>
        <source>Precision of offering %1</source>
        <translation>Präzision des Angebots %1</translation>
    </message>
    <message>
        <source>Tools of offering %1</source>
        <translation>Tools des Angebots %1</translation>
    </message>
    <message>
        <source>Structured output of offering %1</source>
        <translation>Strukturierte Ausgabe des Angebots %1</translation>
    </message>
    <message>
        <source>Vision of offering %1</source>
        <translation>Bildverarbeitung des Angebots %1</translation>
    </message>
    <message>
        <source>Web search tool versions of offering %1</source>
        <translation>Websuche-Tool-Versionen des Angebots %1</translation>
    </message>
    <message>
        <source>Certified of offering %1</source>
        <translation>Zertifizierung des Angebots %1</translation>
    </message>
    <message>
        <source>Probe results of offering %1</source>
        <translation>Probenergebnisse des Angebots %1</translation>
    </message>
    <message>
        <source>Offering order</source>
        <translation>Angebots-Reihenfolge</translation>
    </message>
    <message>
        <source>tools %1/%2, structured output %3/%4</source>
        <translation>Tools %1/%2, strukturierte Ausgabe %3/%4</translation>
    </message>
    <message>
        <source>Create connection %1</source>
        <translation>Verbindung %1 anlegen</translation>
    </message>
    <message>
        <source>Create alias %1 → %2</source>
        <translation>Alias %1 → %2 anlegen</translation>
    </message>
    <message>
        <source>Create project %1</source>
        <translation>Projekt %1 anlegen</translation>
    </message>
    <message>
        <source>Create key %1 (project %2)</source>
        <translation>Schlüssel %1 anlegen (Projekt %2)</translation>
    </message>
    <message>
        <source>Create workspace %1</source>
        <translation>Arbeitsbereich %1 anlegen</translation>
    </message>
    <message>
        <source>Create %1</source>
        <translation>%1 anlegen</translation>
    </message>
    <message>
        <source>Delete provider %1</source>
        <translation>Anbieter %1 löschen</translation>
    </message>
    <message>
        <source>Delete connection %1</source>
        <translation>Verbindung %1 löschen</translation>
    </message>
    <message>
        <source>Delete project %1</source>
        <translation>Projekt %1 löschen</translation>
    </message>
    <message>
        <source>Delete key %1</source>
        <translation>Schlüssel %1 löschen</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>%1 löschen</translation>
    </message>
    <message>
        <source>Serving region: Default → Override (%1)</source>
        <translation>Bedienende Region: Standard → Überschrieben (%1)</translation>
    </message>
    <message>
        <source>Serving region: Override (%1) → Default</source>
        <translation>Bedienende Region: Überschrieben (%1) → Standard</translation>
    </message>
    <message>
        <source>Serving region: %1 → %2</source>
        <translation>Bedienende Region: %1 → %2</translation>
    </message>
    <message>
        <source>Credential: changed</source>
        <translation>Zugangsdaten: geändert</translation>
    </message>
    <message>
        <source>Secret: changed</source>
        <translation>Geheimnis: geändert</translation>
    </message>
    <message>
        <source>Revoke key %1</source>
        <translation>Schlüssel %1 widerrufen</translation>
    </message>
    <message>
        <source>Reactivate key %1</source>
        <translation>Schlüssel %1 reaktivieren</translation>
    </message>
    <message>
        <source>Recovery: Default → Override</source>
        <translation>Fehlerbehandlung: Standard → Überschrieben</translation>
    </message>
    <message>
        <source>Recovery: Override → Default</source>
        <translation>Fehlerbehandlung: Überschrieben → Standard</translation>
    </message>
    <message>
        <source>Add offering %1 (%2)</source>
        <translation>Angebot %1 hinzufügen (%2)</translation>
    </message>
    <message>
        <source>Remove offering %1 (%2)</source>
        <translation>Angebot %1 entfernen (%2)</translation>
    </message>
    <message>
        <source>Directives: project %1</source>
        <translation>Direktiven: Projekt %1</translation>
    </message>
    <message>
        <source>Directives: key %1</source>
        <translation>Direktiven: Schlüssel %1</translation>
    </message>
    <message>
        <source>Directives: workspace</source>
        <translation>Direktiven: Arbeitsbereich</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Alias %1</source>
        <translation>Alias %1</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
    <message numerus="yes">
        <source>Runs as %1, a pool of %n eligible deployment(s).</source>
        <translation>
            <numerusform>Läuft als %1, ein Pool mit %n geeigneten Deployment.</numerusform>
            <numerusform>Läuft als %1, ein Pool mit %n geeigneten Deployments.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Runs as %1, %n eligible offering(s).</source>
        <translation>
            <numerusform>Läuft als %1, %n geeignetes Angebot.</numerusform>
            <numerusform>Läuft als %1, %n geeignete Angebote.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Alias %1 runs as %2, a pool of %n eligible deployment(s).</source>
        <translation>
            <numerusform>Alias %1 läuft als %2, ein Pool mit %n geeigneten Deployment.</numerusform>
            <numerusform>Alias %1 läuft als %2, ein Pool mit %n geeigneten Deployments.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Alias %1 runs as %2, %n eligible offering(s).</source>
        <translation>
            <numerusform>Alias %1 läuft als %2, %n geeignetes Angebot.</numerusform>
            <numerusform>Alias %1 läuft als %2, %n geeignete Angebote.</numerusform>
        </translation>
    </message>
    <message>
        <source>the directives of project %1</source>
        <translation>die Direktiven des Projekts %1</translation>
    </message>
    <message>
        <source>the directives of key %1</source>
        <translation>die Direktiven des Schlüssels %1</translation>
    </message>
    <message>
        <source>the workspace directives</source>
        <translation>die Direktiven des Arbeitsbereichs</translation>
    </message>
    <message>
        <source>%1 replaces the deprecated alias %2; name another replacement first.</source>
        <translation>%1 ersetzt den veralteten Alias %2; nennen Sie zuerst einen anderen Ersatz.</translation>
    </message>
    <message>
        <source>%1 is a fallback model of the alias %2; remove it there first.</source>
        <translation>%1 ist ein Fallback-Modell des Alias %2; entfernen Sie es zuerst dort.</translation>
    </message>
    <message>
        <source>%1 is an allowed model of %2; remove it there first.</source>
        <translation>%1 ist ein erlaubtes Modell von %2; entfernen Sie es zuerst dort.</translation>
    </message>
    <message>
        <source>%1 is a fallback model of %2; remove it there first.</source>
        <translation>%1 ist ein Fallback-Modell von %2; entfernen Sie es zuerst dort.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a model name: it must have the form namespace/id, e.g. openai-2/gpt-4o.</source>
        <translation>„%1“ ist kein Modellname: Er muss die Form Namensraum/ID haben, z. B. openai-2/gpt-4o.</translation>
    </message>
    <message>
        <source>An alias is named %1; a model cannot share its name.</source>
        <translation>Ein Alias heißt %1; ein Modell kann nicht denselben Namen tragen.</translation>
    </message>
    <message>
        <source>Weight from %1 to %2</source>
        <translation>Gewicht von %1 auf %2</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>System (%1)</translation>
    </message>
    <message>
        <source>A new language shows when Switchboard starts again.</source>
        <translation>Eine neue Sprache erscheint beim nächsten Start von Switchboard.</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Farbschema</translation>
    </message>
    <message>
        <source>Where the embedded gateway listens the next time it starts: 127.0.0.1:8640, [::1]:8640, localhost:8640, or port 0 for any free port.</source>
        <translation>Wo das eingebettete Gateway beim nächsten Start lauscht: 127.0.0.1:8640, [::1]:8640, localhost:8640 oder Port 0 für einen beliebigen freien Port.</translation>
    </message>
    <message>
        <source>Gateway address</source>
        <translation>Gateway-Adresse</translation>
    </message>
    <message>
        <source>Receipts</source>
        <translation>Belege</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Datenbank</translation>
    </message>
    <message>
        <source>Keep every receipt</source>
        <translation>Alle Belege behalten</translation>
    </message>
    <message>
        <source>Keep the receipts of the last days</source>
        <translation>Belege der letzten Tage behalten</translation>
    </message>
    <message>
        <source>Keep the newest receipts</source>
        <translation>Die neuesten Belege behalten</translation>
    </message>
    <message>
        <source>Older receipts are deleted in the background, now and then every hour, while calls go on.</source>
        <translation>Ältere Belege werden im Hintergrund gelöscht, jetzt und danach stündlich, während Aufrufe weiterlaufen.</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <source> receipts</source>
        <translation> Belege</translation>
    </message>
    <message>
        <source>In use now.</source>
        <translation>Wird gerade verwendet.</translation>
    </message>
    <message>
        <source>Opened at the next start; in use now: %1</source>
        <translation>Wird beim nächsten Start geöffnet; gerade in Verwendung: %1</translation>
    </message>
    <message>
        <source>Database for the next start</source>
        <translation>Datenbank für den nächsten Start</translation>
    </message>
    <message>
        <source>Switchboard database (*.sqlite *.db);;All files (*)</source>
        <translation>Switchboard-Datenbank (*.sqlite *.db);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>“%1” is not an address the gateway can listen on: write HOST:PORT with an IP address or localhost and a port from 0 to 65535, such as 127.0.0.1:8640.</source>
        <translation>„%1“ ist keine Adresse, auf der das Gateway lauschen kann: Schreiben Sie HOST:PORT mit einer IP-Adresse oder localhost und einem Port von 0 bis 65535, etwa 127.0.0.1:8640.</translation>
    </message>
    <message>
        <source>⚠ Cannot write receipts: %1 waiting in memory</source>
        <translation>⚠ Belege können nicht geschrieben werden: %1 warten im Speicher</translation>
    </message>
    <message>
        <source>⚠ 1 receipt dropped</source>
        <translation>⚠ 1 Beleg verworfen</translation>
    </message>
    <message>
        <source>⚠ %1 receipts dropped</source>
        <translation>⚠ %1 Belege verworfen</translation>
    </message>
    <message>
        <source>Order of the calls (or click a column header)</source>
        <translation>Reihenfolge der Aufrufe (oder auf einen Spaltenkopf klicken)</translation>
    </message>
    <message>
        <source>Reading calls…</source>
        <translation>Aufrufe werden gelesen…</translation>
    </message>
    <message>
        <source>Sorting calls…</source>
        <translation>Aufrufe werden sortiert…</translation>
    </message>
    <message>
        <source>&amp;Sort: %1, descending</source>
        <translation>&amp;Sortierung: %1, absteigend</translation>
    </message>
    <message>
        <source>&amp;Sort: %1, ascending</source>
        <translation>&amp;Sortierung: %1, aufsteigend</translation>
    </message>
    <message>
        <source>Ascending</source>
        <translation>Aufsteigend</translation>
    </message>
    <message>
        <source>Descending</source>
        <translation>Absteigend</translation>
    </message>
    <message numerus="yes">
        <source>%n new call(s) — Refresh</source>
        <translation>
            <numerusform>%n neuer Aufruf — Aktualisieren</numerusform>
            <numerusform>%n neue Aufrufe — Aktualisieren</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Filtering calls…</source>
        <translation>Aufrufe werden gefiltert…</translation>
    </message>
    <message>
        <source>Deleting old receipts</source>
        <translation>Alte Belege werden gelöscht</translation>
    </message>
    <message>
        <source>Stop deleting: what is deleted stays deleted, the rest is kept until the retention is set again</source>
        <translation>Löschen beenden: Gelöschtes bleibt gelöscht, der Rest bleibt erhalten, bis die Aufbewahrung erneut eingestellt wird</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>ein Wahrheitswert</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>eine ganze Zahl</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>eine Zeichenkette</translation>
    </message>
    <message>
        <source>an array of strings</source>
        <translation>ein Array von Zeichenketten</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>the workspace</source>
        <translation>den Arbeitsbereich</translation>
    </message>
    <message>
        <source>the workspace defaults</source>
        <translation>die Standardwerte des Arbeitsbereichs</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3%4 (is %5).</source>
        <translation>%1 muss zwischen %2 und %3%4 liegen (ist %5).</translation>
    </message>
    <message>
        <source>Attempts of %1</source>
        <translation>Versuche von %1</translation>
    </message>
    <message>
        <source>Deadline of %1</source>
        <translation>Frist von %1</translation>
    </message>
    <message>
        <source>Backoff of %1</source>
        <translation>Backoff von %1</translation>
    </message>
    <message>
        <source>Backoff maximum of %1</source>
        <translation>Backoff-Maximum von %1</translation>
    </message>
    <message>
        <source>Cooldown of %1</source>
        <translation>Abkühlzeit von %1</translation>
    </message>
    <message>
        <source>Connect timeout of %1</source>
        <translation>Verbindungs-Timeout von %1</translation>
    </message>
    <message>
        <source>Stream start timeout of %1</source>
        <translation>Stream-Start-Timeout von %1</translation>
    </message>
    <message>
        <source>Stream idle timeout of %1</source>
        <translation>Stream-Leerlauf-Timeout von %1</translation>
    </message>
    <message>
        <source>Latency of connection %1</source>
        <translation>Latenz der Verbindung %1</translation>
    </message>
    <message>
        <source>Tokens per second of connection %1</source>
        <translation>Tokens pro Sekunde der Verbindung %1</translation>
    </message>
    <message>
        <source>Retry-After of connection %1</source>
        <translation>Retry-After der Verbindung %1</translation>
    </message>
    <message>
        <source>Stream cut of connection %1</source>
        <translation>Stream-Abbruch der Verbindung %1</translation>
    </message>
    <message>
        <source>A region name must not be empty.</source>
        <translation>Ein Regionsname darf nicht leer sein.</translation>
    </message>
    <message>
        <source>Region name &quot;%1…&quot; is longer than 64 characters.</source>
        <translation>Der Regionsname „%1…“ ist länger als 64 Zeichen.</translation>
    </message>
    <message>
        <source>Region name &quot;%1&quot; may contain only letters, digits, &apos;-&apos; and &apos;_&apos;.</source>
        <translation>Der Regionsname „%1“ darf nur Buchstaben, Ziffern, &apos;-&apos; und &apos;_&apos; enthalten.</translation>
    </message>
    <message>
        <source>Serving region of %1</source>
        <translation>Bedienende Region von %1</translation>
    </message>
    <message>
        <source>Allowed regions of %1</source>
        <translation>Erlaubte Regionen von %1</translation>
    </message>
    <message>
        <source>Region of connection %1</source>
        <translation>Region der Verbindung %1</translation>
    </message>
    <message>
        <source>%1: %2 (byte offset %3).</source>
        <translation>%1: %2 (Byte-Position %3).</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>Zeile %1, Spalte %2</translation>
    </message>
    <message>
        <source>The file must hold one JSON object, a Switchboard workspace.</source>
        <translation>Die Datei muss ein JSON-Objekt enthalten, einen Switchboard-Arbeitsbereich.</translation>
    </message>
    <message>
        <source>This is not a Switchboard workspace file (expected &quot;%1&quot;).</source>
        <translation>Dies ist keine Switchboard-Arbeitsbereichsdatei (erwartet: „%1“).</translation>
    </message>
    <message>
        <source>This Switchboard reads version %1 of the format (found %2).</source>
        <translation>Dieses Switchboard liest Version %1 des Formats (gefunden: %2).</translation>
    </message>
    <message>
        <source>Expected %1 (found %2).</source>
        <translation>%1 erwartet (gefunden: %2).</translation>
    </message>
    <message>
        <source>Unknown value &quot;%1&quot;; expected one of %2.</source>
        <translation>Unbekannter Wert „%1“; erwartet wird einer von %2.</translation>
    </message>
    <message>
        <source>Required field is missing.</source>
        <translation>Pflichtfeld fehlt.</translation>
    </message>
    <message>
        <source>Must not be empty.</source>
        <translation>Darf nicht leer sein.</translation>
    </message>
    <message>
        <source>Expected a date as yyyy-MM-dd (found &quot;%1&quot;).</source>
        <translation>Datum im Format yyyy-MM-dd erwartet (gefunden: „%1“).</translation>
    </message>
    <message>
        <source>Expected an ISO 8601 UTC date and time such as 2026-11-29T19:00:00.000Z (found &quot;%1&quot;).</source>
        <translation>Datum und Uhrzeit in UTC nach ISO 8601 erwartet, etwa 2026-11-29T19:00:00.000Z (gefunden: „%1“).</translation>
    </message>
    <message>
        <source>Unknown field, ignored.</source>
        <translation>Unbekanntes Feld, ignoriert.</translation>
    </message>
    <message>
        <source>Connection %1 keeps its credential in the database and the file carries no secret; enter it again after the import.</source>
        <translation>Die Verbindung %1 bewahrt ihre Zugangsdaten in der Datenbank auf, die Datei enthält kein Geheimnis; geben Sie es nach dem Import erneut ein.</translation>
    </message>
    <message>
        <source>%1 %2 has an empty %3.</source>
        <translation>%1 %2 hat ein leeres Feld %3.</translation>
    </message>
    <message>
        <source>%1 %2 is defined twice (also at %3).</source>
        <translation>%1 %2 ist doppelt definiert (auch bei %3).</translation>
    </message>
    <message>
        <source>The list of regions has an empty entry between commas.</source>
        <translation>Die Regionsliste hat einen leeren Eintrag zwischen zwei Kommas.</translation>
    </message>
    <message>
        <source>Model name &quot;%1&quot; must have the form &lt;namespace&gt;/&lt;id&gt;.</source>
        <translation>Der Modellname „%1“ muss die Form &lt;Namensraum&gt;/&lt;ID&gt; haben.</translation>
    </message>
    <message>
        <source>Input price of %1 must not be negative.</source>
        <translation>Der Eingabepreis von %1 darf nicht negativ sein.</translation>
    </message>
    <message>
        <source>Output price of %1 must not be negative.</source>
        <translation>Der Ausgabepreis von %1 darf nicht negativ sein.</translation>
    </message>
    <message>
        <source>Context window of %1 must be at least 1 token (is %2).</source>
        <translation>Das Kontextfenster von %1 muss mindestens 1 Token groß sein (ist %2).</translation>
    </message>
    <message>
        <source>Model %1 has no offerings; calls to it cannot be served.</source>
        <translation>Das Modell %1 hat keine Angebote; Aufrufe daran können nicht bedient werden.</translation>
    </message>
    <message>
        <source>Offering %1 of %2 names connection &quot;%3&quot;, which does not exist.</source>
        <translation>Das Angebot %1 von %2 nennt die Verbindung „%3“, die es nicht gibt.</translation>
    </message>
    <message>
        <source>Offering %1 of %2 has no upstream model id.</source>
        <translation>Das Angebot %1 von %2 hat keine Upstream-Modell-ID.</translation>
    </message>
    <message>
        <source>Tool probes of offering %1 of %2 must pass between 0 and their total.</source>
        <translation>Die bestandenen Tool-Proben des Angebots %1 von %2 müssen zwischen 0 und ihrer Gesamtzahl liegen.</translation>
    </message>
    <message>
        <source>Structured-output probes of offering %1 of %2 must pass between 0 and their total.</source>
        <translation>Die bestandenen Proben für strukturierte Ausgabe des Angebots %1 von %2 müssen zwischen 0 und ihrer Gesamtzahl liegen.</translation>
    </message>
    <message>
        <source>Pool %1 cannot list itself as a deployment.</source>
        <translation>Der Pool %1 kann sich nicht selbst als Deployment aufführen.</translation>
    </message>
    <message>
        <source>Deployment %1 of %2 is not a model of this workspace.</source>
        <translation>Das Deployment %1 von %2 ist kein Modell dieses Arbeitsbereichs.</translation>
    </message>
    <message>
        <source>Deployment %1 of %2 is itself a pool; a deployment must be a Direct model.</source>
        <translation>Das Deployment %1 von %2 ist selbst ein Pool; ein Deployment muss ein direktes Modell sein.</translation>
    </message>
    <message>
        <source>Deployment %1 of %2 has modality %3; %2 has modality %4.</source>
        <translation>Das Deployment %1 von %2 hat die Modalität %3; %2 hat die Modalität %4.</translation>
    </message>
    <message>
        <source>Deployment %1 of %2 is turned off; calls skip it as disabled.</source>
        <translation>Das Deployment %1 von %2 ist ausgeschaltet; Aufrufe überspringen es als deaktiviert.</translation>
    </message>
    <message>
        <source>Deployment %1 is listed more than once in %2.</source>
        <translation>Das Deployment %1 steht mehr als einmal in %2.</translation>
    </message>
    <message>
        <source>Pool %1 has no deployments; add one or switch it to Direct.</source>
        <translation>Der Pool %1 hat keine Deployments; fügen Sie eines hinzu oder stellen Sie ihn auf Direkt um.</translation>
    </message>
    <message>
        <source>Pool %1 has %2 deployments; at most %3 are allowed.</source>
        <translation>Der Pool %1 hat %2 Deployments; erlaubt sind höchstens %3.</translation>
    </message>
    <message>
        <source>Backoff of %1 must not be negative (is %2).</source>
        <translation>Der Backoff von %1 darf nicht negativ sein (ist %2).</translation>
    </message>
    <message>
        <source>Backoff of %1 must not exceed its maximum (%2 ms &gt; %3 ms).</source>
        <translation>Der Backoff von %1 darf sein Maximum nicht überschreiten (%2 ms &gt; %3 ms).</translation>
    </message>
    <message>
        <source>Connection name &quot;%1&quot; must be 1 to 64 letters, digits, &apos;.&apos;, &apos;-&apos; or &apos;_&apos;.</source>
        <translation>Der Verbindungsname „%1“ muss aus 1 bis 64 Buchstaben, Ziffern, &apos;.&apos;, &apos;-&apos; oder &apos;_&apos; bestehen.</translation>
    </message>
    <message>
        <source>Connection %1 names provider &quot;%2&quot;, which does not exist.</source>
        <translation>Die Verbindung %1 nennt den Anbieter „%2“, den es nicht gibt.</translation>
    </message>
    <message>
        <source>Connection %1 is an Azure OpenAI connection and needs an API version.</source>
        <translation>Die Verbindung %1 ist eine Azure-OpenAI-Verbindung und braucht eine API-Version.</translation>
    </message>
    <message>
        <source>Base URL of connection %1 must be an http or https URL (is &quot;%2&quot;).</source>
        <translation>Die Basis-URL der Verbindung %1 muss eine http- oder https-URL sein (ist „%2“).</translation>
    </message>
    <message>
        <source>The CA file of connection %1 cannot be read (%2); its calls will fail.</source>
        <translation>Die CA-Datei der Verbindung %1 kann nicht gelesen werden (%2); ihre Aufrufe werden fehlschlagen.</translation>
    </message>
    <message>
        <source>Connection %1 reads its credential from an environment variable but names none.</source>
        <translation>Die Verbindung %1 liest ihre Zugangsdaten aus einer Umgebungsvariablen, nennt aber keine.</translation>
    </message>
    <message>
        <source>Connection %1 reads its credential from a file but names none.</source>
        <translation>Die Verbindung %1 liest ihre Zugangsdaten aus einer Datei, nennt aber keine.</translation>
    </message>
    <message>
        <source>Failure rate of connection %1 must be between %3 and %4 (is %2).</source>
        <translation>Die Fehlerrate der Verbindung %1 muss zwischen %3 und %4 liegen (ist %2).</translation>
    </message>
    <message>
        <source>Connection %1 has a failure rate but no failure kinds, so it never fails.</source>
        <translation>Die Verbindung %1 hat eine Fehlerrate, aber keine Fehlerarten, und schlägt daher nie fehl.</translation>
    </message>
    <message>
        <source>Alias %1 has the same name as a model.</source>
        <translation>Der Alias %1 heißt genauso wie ein Modell.</translation>
    </message>
    <message>
        <source>Alias name &quot;%1&quot; must not contain spaces or commas.</source>
        <translation>Der Aliasname „%1“ darf keine Leerzeichen oder Kommas enthalten.</translation>
    </message>
    <message>
        <source>Alias %1 targets alias %2; an alias must name a model.</source>
        <translation>Der Alias %1 zielt auf den Alias %2; ein Alias muss ein Modell nennen.</translation>
    </message>
    <message>
        <source>Alias %1 targets %2, which is not a model of this workspace.</source>
        <translation>Der Alias %1 zielt auf %2, das kein Modell dieses Arbeitsbereichs ist.</translation>
    </message>
    <message>
        <source>Alias %1 is deprecated on %2 but names no replacement.</source>
        <translation>Der Alias %1 ist ab %2 veraltet, nennt aber keinen Ersatz.</translation>
    </message>
    <message>
        <source>Replacement %1 of alias %2 is neither a model nor an alias.</source>
        <translation>Der Ersatz %1 des Alias %2 ist weder ein Modell noch ein Alias.</translation>
    </message>
    <message>
        <source>Replacements of alias %1 form a cycle: %2.</source>
        <translation>Die Ersetzungen des Alias %1 bilden einen Kreis: %2.</translation>
    </message>
    <message>
        <source>Fallback model %1 of alias %2 is not a model of this workspace.</source>
        <translation>Das Fallback-Modell %1 des Alias %2 ist kein Modell dieses Arbeitsbereichs.</translation>
    </message>
    <message>
        <source>Allowed models of %1 name vendor %2, which has no models yet.</source>
        <translation>Die erlaubten Modelle von %1 nennen den Anbieter %2, der noch keine Modelle hat.</translation>
    </message>
    <message>
        <source>Allowed model %1 of %2 is neither a model of this workspace nor a vendor pattern such as openai/*.</source>
        <translation>Das erlaubte Modell %1 von %2 ist weder ein Modell dieses Arbeitsbereichs noch ein Anbietermuster wie openai/*.</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; of %3 does not exist.</source>
        <translation>%1 „%2“ von %3 gibt es nicht.</translation>
    </message>
    <message>
        <source>Allowed provider</source>
        <translation>Erlaubter Anbieter</translation>
    </message>
    <message>
        <source>Denied provider</source>
        <translation>Gesperrter Anbieter</translation>
    </message>
    <message>
        <source>Max application attempts of %1</source>
        <translation>Maximale Anwendungsversuche von %1</translation>
    </message>
    <message>
        <source>Fallback model %1 of %2 is not a model of this workspace.</source>
        <translation>Das Fallback-Modell %1 von %2 ist kein Modell dieses Arbeitsbereichs.</translation>
    </message>
    <message>
        <source>Key %1 belongs to project &quot;%2&quot;, which does not exist.</source>
        <translation>Der Schlüssel %1 gehört zum Projekt „%2“, das es nicht gibt.</translation>
    </message>
    <message>
        <source>Key %1 must carry a SHA-256 as 64 lowercase hex digits.</source>
        <translation>Der Schlüssel %1 muss einen SHA-256 als 64 hexadezimale Kleinbuchstaben-Ziffern tragen.</translation>
    </message>
    <message>
        <source>Backoff maximum, ms</source>
        <translation>Backoff-Maximum, ms</translation>
    </message>
    <message>
        <source>No database path was given.</source>
        <translation>Es wurde kein Datenbankpfad angegeben.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>Cannot create %1: %2</source>
        <translation>%1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>There is no database at %1 to open read-only.</source>
        <translation>Unter %1 gibt es keine Datenbank, die schreibgeschützt geöffnet werden könnte.</translation>
    </message>
    <message>
        <source>The Qt SQLite driver (QSQLITE) is not available.</source>
        <translation>Der Qt-SQLite-Treiber (QSQLITE) ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>%1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1 is not a Switchboard database (not an SQLite file).</source>
        <translation>%1 ist keine Switchboard-Datenbank (keine SQLite-Datei).</translation>
    </message>
    <message>
        <source>Cannot read %1</source>
        <translation>%1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>Cannot run “%1” on %2</source>
        <translation>„%1“ kann auf %2 nicht ausgeführt werden</translation>
    </message>
    <message>
        <source>Cannot switch %1 to WAL mode</source>
        <translation>%1 kann nicht in den WAL-Modus geschaltet werden</translation>
    </message>
    <message>
        <source>%1 has schema version %2, newer than this Switchboard knows (%3). Use a newer Switchboard.</source>
        <translation>%1 hat die Schemaversion %2, neuer als dieses Switchboard kennt (%3). Verwenden Sie ein neueres Switchboard.</translation>
    </message>
    <message>
        <source>%1 has schema version %2 and needs migrating to %3; open it read-write first.</source>
        <translation>%1 hat die Schemaversion %2 und muss auf %3 migriert werden; öffnen Sie sie zuerst mit Schreibzugriff.</translation>
    </message>
    <message>
        <source>%1 is open read-only; it cannot be changed here.</source>
        <translation>%1 ist schreibgeschützt geöffnet und kann hier nicht geändert werden.</translation>
    </message>
    <message>
        <source>The database is not an SQLite file.</source>
        <translation>Die Datenbank ist keine SQLite-Datei.</translation>
    </message>
    <message>
        <source>Cannot prepare “%1”: %2</source>
        <translation>„%1“ kann nicht vorbereitet werden: %2</translation>
    </message>
    <message>
        <source>No workspace has been saved yet.</source>
        <translation>Es wurde noch kein Arbeitsbereich gespeichert.</translation>
    </message>
    <message>
        <source>Cannot read workspace version %1</source>
        <translation>Version %1 des Arbeitsbereichs kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>There is no workspace version %1.</source>
        <translation>Es gibt keine Version %1 des Arbeitsbereichs.</translation>
    </message>
    <message>
        <source>Workspace version %1 cannot be read back: %2</source>
        <translation>Version %1 des Arbeitsbereichs lässt sich nicht zurücklesen: %2</translation>
    </message>
    <message>
        <source>Cannot read the stored secrets</source>
        <translation>Die gespeicherten Geheimnisse können nicht gelesen werden</translation>
    </message>
    <message>
        <source>Cannot save the workspace</source>
        <translation>Der Arbeitsbereich kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Cannot update the stored secrets</source>
        <translation>Die gespeicherten Geheimnisse können nicht aktualisiert werden</translation>
    </message>
    <message>
        <source>Cannot store the secret of connection %1</source>
        <translation>Das Geheimnis der Verbindung %1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>A receipt with request id %1 is already stored.</source>
        <translation>Ein Beleg mit der Anfrage-ID %1 ist bereits gespeichert.</translation>
    </message>
    <message>
        <source>Cannot write receipt %1</source>
        <translation>Beleg %1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>The receipt writer is not running.</source>
        <translation>Der Beleg-Schreiber läuft nicht.</translation>
    </message>
    <message>
        <source>The receipt writer cannot wait for itself (flush from its own thread).</source>
        <translation>Der Beleg-Schreiber kann nicht auf sich selbst warten (Flush aus seinem eigenen Thread).</translation>
    </message>
    <message>
        <source>%1 receipts are not written yet: writing to %2 failed; they stay queued.</source>
        <translation>%1 Belege sind noch nicht geschrieben: Schreiben nach %2 ist fehlgeschlagen; sie bleiben in der Warteschlange.</translation>
    </message>
    <message>
        <source>Cannot limit the size of %1.</source>
        <translation>Die Größe von %1 kann nicht begrenzt werden.</translation>
    </message>
    <message>
        <source>Cannot find the receipts to keep</source>
        <translation>Die zu behaltenden Belege können nicht ermittelt werden</translation>
    </message>
    <message>
        <source>Cannot count the receipts to delete</source>
        <translation>Die zu löschenden Belege können nicht gezählt werden</translation>
    </message>
    <message>
        <source>Cannot delete old receipts</source>
        <translation>Alte Belege können nicht gelöscht werden</translation>
    </message>
    <message>
        <source>Cannot prepare a statistics query</source>
        <translation>Eine Statistikabfrage kann nicht vorbereitet werden</translation>
    </message>
    <message>
        <source>Cannot read statistics</source>
        <translation>Statistiken können nicht gelesen werden</translation>
    </message>
    <message>
        <source>A statistics window needs a start, up to %1 buckets of a positive length, and at most 24 hours in all.</source>
        <translation>Ein Statistikfenster braucht einen Anfang, bis zu %1 Abschnitte positiver Länge und insgesamt höchstens 24 Stunden.</translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation>noch etwa %1 s</translation>
    </message>
    <message>
        <source>about %1 min left</source>
        <translation>noch etwa %1 min</translation>
    </message>
    <message>
        <source>about %1 h left</source>
        <translation>noch etwa %1 h</translation>
    </message>
    <message>
        <source>Switchboard</source>
        <translation>Switchboard</translation>
    </message>
    <message>
        <source>Updating %1 for this version of Switchboard: %2 receipts</source>
        <translation>%1 wird für diese Version von Switchboard aktualisiert: %2 Belege</translation>
    </message>
    <message>
        <source>Updating %1 for this version of Switchboard: finishing</source>
        <translation>%1 wird für diese Version von Switchboard aktualisiert: Abschluss</translation>
    </message>
    <message>
        <source>Deleting old receipts, %1</source>
        <translation>Alte Belege werden gelöscht, %1</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>connection refused</source>
        <translation>Verbindung abgelehnt</translation>
    </message>
    <message>
        <source>host not found</source>
        <translation>Host nicht gefunden</translation>
    </message>
    <message>
        <source>TLS handshake failed</source>
        <translation>TLS-Handshake fehlgeschlagen</translation>
    </message>
    <message>
        <source>the proxy refused or broke the tunnel</source>
        <translation>der Proxy hat den Tunnel abgelehnt oder abgebrochen</translation>
    </message>
    <message>
        <source>no connection</source>
        <translation>keine Verbindung</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>nicht gesendet</translation>
    </message>
    <message>
        <source>no connection within %1 ms</source>
        <translation>keine Verbindung innerhalb von %1 ms</translation>
    </message>
    <message>
        <source>closed before a status line</source>
        <translation>vor einer Statuszeile geschlossen</translation>
    </message>
    <message>
        <source>no status line within %1 ms</source>
        <translation>keine Statuszeile innerhalb von %1 ms</translation>
    </message>
    <message>
        <source>the answer was cut short</source>
        <translation>die Antwort wurde abgeschnitten</translation>
    </message>
    <message>
        <source>the stream sent nothing for %1 ms</source>
        <translation>der Stream hat %1 ms lang nichts gesendet</translation>
    </message>
    <message>
        <source>an answer that cannot be decoded</source>
        <translation>eine Antwort, die sich nicht dekodieren lässt</translation>
    </message>
    <message>
        <source>an error event in the stream</source>
        <translation>ein Fehlerereignis im Stream</translation>
    </message>
    <message>
        <source>the stream ended before its first event</source>
        <translation>der Stream endete vor seinem ersten Ereignis</translation>
    </message>
    <message>
        <source>the answer is not a JSON object</source>
        <translation>die Antwort ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>the caller closed the connection</source>
        <translation>der Aufrufer hat die Verbindung geschlossen</translation>
    </message>
    <message>
        <source>Created the demo workspace in %1</source>
        <translation>Demo-Arbeitsbereich angelegt in %1</translation>
    </message>
    <message>
        <source>Demo caller key (shown once): %1</source>
        <translation>Demo-Aufrufer-Schlüssel (nur einmal angezeigt): %1</translation>
    </message>
    <message>
        <source>The gateway listens on http://%1</source>
        <translation>Das Gateway lauscht auf http://%1</translation>
    </message>
    <message>
        <source>Cancelled: %1 is left as it was.</source>
        <translation>Abgebrochen: %1 bleibt, wie es war.</translation>
    </message>
    <message>
        <source>A key needs a name.</source>
        <translation>Ein Schlüssel braucht einen Namen.</translation>
    </message>
    <message>
        <source>There is no project with id %1.</source>
        <translation>Es gibt kein Projekt mit der ID %1.</translation>
    </message>
    <message>
        <source>There is no key with id %1.</source>
        <translation>Es gibt keinen Schlüssel mit der ID %1.</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Strict receipts: off → on</source>
        <translation>Strikte Belege: aus → ein</translation>
    </message>
    <message>
        <source>Strict receipts: on → off</source>
        <translation>Strikte Belege: ein → aus</translation>
    </message>
    <message>
        <source>Turn strict receipts on</source>
        <translation>Strikte Belege einschalten</translation>
    </message>
    <message>
        <source>Turn strict receipts off</source>
        <translation>Strikte Belege ausschalten</translation>
    </message>
    <message>
        <source>Strict receipts: an answer ends only once its receipt is saved</source>
        <translation>Strikte Belege: Eine Antwort endet erst, wenn ihr Beleg gespeichert ist</translation>
    </message>
    <message>
        <source>Without it, a receipt is saved within a second of its answer, and a crash may lose the receipts of the last moments&apos; calls. With it, no answered call lacks its receipt; each answer waits for the next save, which adds latency and lowers the calls per second.</source>
        <translation>Ohne diese Einstellung wird ein Beleg binnen einer Sekunde nach seiner Antwort gespeichert, und ein Absturz kann die Belege der Aufrufe der letzten Augenblicke verlieren. Mit ihr fehlt keinem beantworteten Aufruf sein Beleg; jede Antwort wartet auf das nächste Speichern, was Latenz hinzufügt und die Aufrufe pro Sekunde senkt.</translation>
    </message>
    <message>
        <source>Answers in</source>
        <translation>Antwort-API</translation>
    </message>
    <message>
        <source>Max output tokens</source>
        <translation>Maximale Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>Max output tokens of %1</source>
        <translation>Maximale Ausgabe-Tokens von %1</translation>
    </message>
    <message>
        <source>OpenAI only</source>
        <translation>Nur OpenAI</translation>
    </message>
    <message>
        <source>Anthropic only</source>
        <translation>Nur Anthropic</translation>
    </message>
    <message>
        <source>Both APIs</source>
        <translation>Beide APIs</translation>
    </message>
    <message>
        <source>Set max output tokens</source>
        <translation>Maximale Ausgabe-Tokens festlegen</translation>
    </message>
    <message>
        <source>its connection (%2) speaks the other API, which cannot carry the request&apos;s &quot;%1&quot;</source>
        <translation>seine Verbindung (%2) spricht die andere API, die das Feld &quot;%1&quot; der Anfrage nicht übertragen kann</translation>
    </message>
    <message>
        <source>Which calls it answers: each in its own API, or only those of one API, like a connection of that kind.</source>
        <translation>Welche Aufrufe er beantwortet: jeden in seiner eigenen API oder nur die einer API, wie eine Verbindung dieser Art.</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>Sent as max_tokens when a chat call that names none is served by an Anthropic connection.</source>
        <translation>Wird als max_tokens gesendet, wenn ein Chat-Aufruf ohne eigenen Wert von einer Anthropic-Verbindung bedient wird.</translation>
    </message>
    <message>
        <source>translated chat → messages</source>
        <translation>übersetzt Chat → Messages</translation>
    </message>
    <message>
        <source>translated messages → chat</source>
        <translation>übersetzt Messages → Chat</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>as asked</source>
        <translation>wie angefragt</translation>
    </message>
    <message>
        <source>All endpoints</source>
        <translation>Alle Endpunkte</translation>
    </message>
    <message>
        <source>Chat completions</source>
        <translation>Chat Completions</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Messages</translation>
    </message>
    <message>
        <source>Responses</source>
        <translation>Responses</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>Endpoint the call arrived on</source>
        <translation>Endpunkt, an dem der Aufruf ankam</translation>
    </message>
    <message>
        <source>translated responses → chat</source>
        <translation>übersetzt Responses → Chat</translation>
    </message>
    <message>
        <source>translated responses → messages</source>
        <translation>übersetzt Responses → Messages</translation>
    </message>
    <message>
        <source>By endpoint</source>
        <translation>Nach Endpunkt</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Error rate</source>
        <translation>Fehlerquote</translation>
    </message>
    <message>
        <source>p50, ms</source>
        <translation>p50, ms</translation>
    </message>
    <message>
        <source>Share of the endpoint&apos;s calls that failed</source>
        <translation>Anteil der fehlgeschlagenen Aufrufe dieses Endpunkts</translation>
    </message>
    <message>
        <source>Median latency of the endpoint&apos;s calls</source>
        <translation>Median der Latenz der Aufrufe dieses Endpunkts</translation>
    </message>
    <message>
        <source>Calls that arrived on %1</source>
        <translation>Aufrufe, die an %1 ankamen</translation>
    </message>
    <message>
        <source>%1 of %2 failed</source>
        <translation>%1 von %2 fehlgeschlagen</translation>
    </message>
    <message>
        <source>Probe: a reliability probe the gateway sent itself, not caller traffic</source>
        <translation>Probe: eine Zuverlässigkeitsprobe, die das Gateway selbst gesendet hat, kein Aufruferverkehr</translation>
    </message>
    <message>
        <source>Rehearsal: a fault rehearsal, not caller traffic</source>
        <translation>Fehlerübung: eine geprobte Störung, kein Aufruferverkehr</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>Aufruf</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Alle Arten</translation>
    </message>
    <message>
        <source>Probes</source>
        <translation>Proben</translation>
    </message>
    <message>
        <source>Rehearsals</source>
        <translation>Fehlerübungen</translation>
    </message>
    <message>
        <source>Who made the call: a caller, the gateway&apos;s reliability probe or a rehearsal</source>
        <translation>Wer den Aufruf gemacht hat: ein Aufrufer, die Zuverlässigkeitsprobe des Gateways oder eine Fehlerübung</translation>
    </message>
    <message numerus="yes">
        <source>%Ln call(s) shown</source>
        <translation>
            <numerusform>%Ln Aufruf angezeigt</numerusform>
            <numerusform>%Ln Aufrufe angezeigt</numerusform>
        </translation>
    </message>
    <message>
        <source>A reliability probe the gateway sent itself: not caller traffic</source>
        <translation>Eine Zuverlässigkeitsprobe, die das Gateway selbst gesendet hat: kein Aufruferverkehr</translation>
    </message>
    <message>
        <source>A fault rehearsal: not caller traffic</source>
        <translation>Eine Fehlerübung: kein Aufruferverkehr</translation>
    </message>
    <message>
        <source>%1 · probe</source>
        <translation>%1 · Probe</translation>
    </message>
    <message>
        <source>%1 · rehearsal</source>
        <translation>%1 · Fehlerübung</translation>
    </message>
    <message>
        <source>Listing source</source>
        <translation>Listing-Quelle</translation>
    </message>
    <message>
        <source>Listing refresh, minutes</source>
        <translation>Listing-Aktualisierung, Minuten</translation>
    </message>
    <message>
        <source>Listing maximum age, hours</source>
        <translation>Höchstalter des Listings, Stunden</translation>
    </message>
    <message>
        <source>Listing source of provider %1 must be an http or https URL, an absolute file path or a file:// URL (is &quot;%2&quot;).</source>
        <translation>Die Listing-Quelle von Anbieter %1 muss eine http- oder https-URL, ein absoluter Dateipfad oder eine file://-URL sein (ist „%2“).</translation>
    </message>
    <message>
        <source>Listing refresh interval</source>
        <translation>Aktualisierungsintervall der Listings</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Listing maximum age</source>
        <translation>Höchstalter der Listings</translation>
    </message>
    <message>
        <source> h</source>
        <translation> h</translation>
    </message>
    <message>
        <source>Cannot read the provider listings</source>
        <translation>Die Anbieter-Listings können nicht gelesen werden</translation>
    </message>
    <message>
        <source>Cannot store the listing of provider %1</source>
        <translation>Das Listing von Anbieter %1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>its listing is missing</source>
        <translation>sein Listing fehlt</translation>
    </message>
    <message>
        <source>its listing is older than %1 h (fetched at %2)</source>
        <translation>sein Listing ist älter als %1 h (abgerufen %2)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln probe(s) cost %1</source>
        <translation>
            <numerusform>%Ln Probe kostete %1</numerusform>
            <numerusform>%Ln Proben kosteten %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln rehearsal(s) cost %1</source>
        <translation>
            <numerusform>%Ln Fehlerübung kostete %1</numerusform>
            <numerusform>%Ln Fehlerübungen kosteten %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Metered (scheduled probes leave it alone)</source>
        <translation>Kostenpflichtig (geplante Proben lassen sie aus)</translation>
    </message>
    <message>
        <source>Calls on this connection cost money: reliability probes run on it only when asked (Probe now), not on their schedule.</source>
        <translation>Aufrufe über diese Verbindung kosten Geld: Zuverlässigkeitsproben laufen hier nur auf Anforderung (Jetzt prüfen), nicht nach ihrem Zeitplan.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln call(s) · %1 failed · one bar per %2</source>
        <translation>
            <numerusform>%Ln Aufruf · %1 fehlgeschlagen · ein Balken je %2</numerusform>
            <numerusform>%Ln Aufrufe · %1 fehlgeschlagen · ein Balken je %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Probe interval, hours</source>
        <translation>Probenintervall, Stunden</translation>
    </message>
    <message>
        <source>Probe window, hours</source>
        <translation>Probenzeitfenster, Stunden</translation>
    </message>
    <message>
        <source>Metered</source>
        <translation>Kostenpflichtig</translation>
    </message>
    <message>
        <source>Malformed answers</source>
        <translation>Unbrauchbare Antworten</translation>
    </message>
    <message>
        <source>Probe interval</source>
        <translation>Probenintervall</translation>
    </message>
    <message>
        <source>Probe window</source>
        <translation>Probenzeitfenster</translation>
    </message>
    <message>
        <source>Cannot read the probe results</source>
        <translation>Die Probenergebnisse können nicht gelesen werden</translation>
    </message>
    <message>
        <source>Cannot store the probe results</source>
        <translation>Die Probenergebnisse können nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Share of answers a caller&apos;s code could not use: a tool call written as text, JSON that ignores the schema. Reliability probes catch them.</source>
        <translation>Anteil der Antworten, die der Code eines Aufrufers nicht verwenden kann: ein als Text geschriebener Werkzeugaufruf, JSON, das das Schema missachtet. Zuverlässigkeitsproben erkennen sie.</translation>
    </message>
    <message>
        <source>Calls, failures and every chart count callers&apos; calls only: the gateway&apos;s own probes and rehearsals are counted apart, with what they cost.</source>
        <translation>Aufrufe, Fehlschläge und alle Diagramme zählen nur Aufrufe von Aufrufern: die eigenen Proben und Fehlerübungen des Gateways werden getrennt gezählt, mit ihren Kosten.</translation>
    </message>
    <message>
        <source>Probe now</source>
        <translation>Jetzt proben</translation>
    </message>
    <message>
        <source>The results could not be stored: %1</source>
        <translation>Die Ergebnisse konnten nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>Proben laufen…</translation>
    </message>
    <message>
        <source>A probe run is already under way.</source>
        <translation>Es läuft bereits ein Probenlauf.</translation>
    </message>
    <message>
        <source>A probe run is under way.</source>
        <translation>Ein Probenlauf läuft.</translation>
    </message>
    <message>
        <source>Send the probe set to these offerings now</source>
        <translation>Die Proben jetzt an diese Angebote senden</translation>
    </message>
    <message>
        <source>Nothing to probe: no certified offering here.</source>
        <translation>Nichts zu proben: hier gibt es kein zertifiziertes Angebot.</translation>
    </message>
    <message>
        <source>%1 probes: %2 passed, %3 failed</source>
        <translation>%1 Proben: %2 bestanden, %3 nicht bestanden</translation>
    </message>
    <message>
        <source>, %1 without an answer</source>
        <translation>, %1 ohne Antwort</translation>
    </message>
    <message>
        <source>%1: no probes yet</source>
        <translation>%1: noch keine Proben</translation>
    </message>
    <message>
        <source>%1: %2 of %3 passed (%4 %)</source>
        <translation>%1: %2 von %3 bestanden (%4 %)</translation>
    </message>
    <message>
        <source>Next run: not scheduled: the offering is not certified</source>
        <translation>Nächster Lauf: nicht geplant: das Angebot ist nicht zertifiziert</translation>
    </message>
    <message>
        <source>Next run: not scheduled: probes are off in the workspace settings</source>
        <translation>Nächster Lauf: nicht geplant: Proben sind in den Arbeitsbereich-Einstellungen aus</translation>
    </message>
    <message>
        <source>Next run: not scheduled: metered connection</source>
        <translation>Nächster Lauf: nicht geplant: kostenpflichtige Verbindung</translation>
    </message>
    <message>
        <source>Next run: not scheduled: the gateway is not running</source>
        <translation>Nächster Lauf: nicht geplant: das Gateway läuft nicht</translation>
    </message>
    <message>
        <source>Reliability</source>
        <translation>Zuverlässigkeit</translation>
    </message>
    <message>
        <source>Probes test the offerings of a saved Direct model.</source>
        <translation>Proben testen die Angebote eines gespeicherten direkten Modells.</translation>
    </message>
    <message>
        <source>Probe results need the gateway: the studio runs without it.</source>
        <translation>Probenergebnisse brauchen das Gateway: das Studio läuft ohne es.</translation>
    </message>
    <message>
        <source>Last run %1</source>
        <translation>Letzter Lauf %1</translation>
    </message>
    <message>
        <source>Never probed</source>
        <translation>Nie geprobt</translation>
    </message>
    <message>
        <source>Next run: due now</source>
        <translation>Nächster Lauf: jetzt fällig</translation>
    </message>
    <message>
        <source>Next run due %1</source>
        <translation>Nächster Lauf fällig %1</translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>(keine Ausgabe)</translation>
    </message>
    <message>
        <source>Receipt: %1 (Calls, kind probe)</source>
        <translation>Beleg: %1 (Aufrufe, Art Probe)</translation>
    </message>
    <message>
        <source>Set the probe interval</source>
        <translation>Probenintervall festlegen</translation>
    </message>
    <message>
        <source>Set the probe window</source>
        <translation>Probenfenster festlegen</translation>
    </message>
    <message>
        <source>Reliability probes</source>
        <translation>Zuverlässigkeitsproben</translation>
    </message>
    <message>
        <source>Each certified offering on a connection that is not metered is probed every interval (0: never on a schedule); the pass rates count the results of the window. Probe now on a model&apos;s page or the Providers screen runs them at once.</source>
        <translation>Jedes zertifizierte Angebot auf einer nicht kostenpflichtigen Verbindung wird in jedem Intervall geprobt (0: nie nach Plan); die Bestehensquoten zählen die Ergebnisse des Fensters. „Jetzt proben“ auf der Seite eines Modells oder im Anbieter-Bildschirm probt sofort.</translation>
    </message>
    <message>
        <source>Last failure: %1 (%2), %3</source>
        <translation>Letzter Fehlschlag: %1 (%2), %3</translation>
    </message>
    <message>
        <source>Listings</source>
        <translation>Listings</translation>
    </message>
    <message>
        <source>%1: fetched at %2</source>
        <translation>%1: abgerufen am %2</translation>
    </message>
    <message>
        <source>%1: never fetched</source>
        <translation>%1: nie abgerufen</translation>
    </message>
    <message>
        <source>Listing of %1 not refreshed: %2</source>
        <translation>Listing von %1 nicht aktualisiert: %2</translation>
    </message>
    <message>
        <source>listing, never fetched: counts as neither</source>
        <translation>Listing, nie abgerufen: zählt als keins von beiden</translation>
    </message>
    <message>
        <source>listing, not fetched: %1</source>
        <translation>Listing, nicht abgerufen: %1</translation>
    </message>
    <message>
        <source>listing, fetched %1: stale, counts as neither</source>
        <translation>Listing, abgerufen %1: veraltet, zählt als keins von beiden</translation>
    </message>
    <message>
        <source>listing, fetched %1</source>
        <translation>Listing, abgerufen %1</translation>
    </message>
    <message>
        <source>%1; last refresh failed</source>
        <translation>%1; letzte Aktualisierung fehlgeschlagen</translation>
    </message>
    <message>
        <source>https://…/listing.json or a file path; empty: the facts above, set by hand</source>
        <translation>https://…/listing.json oder ein Dateipfad; leer: die Angaben oben, von Hand gesetzt</translation>
    </message>
    <message>
        <source>Refresh now</source>
        <translation>Jetzt aktualisieren</translation>
    </message>
    <message>
        <source>Fetch every provider&apos;s listing now</source>
        <translation>Die Listings aller Anbieter jetzt abrufen</translation>
    </message>
    <message>
        <source>Set by the provider&apos;s listing</source>
        <translation>Vom Listing des Anbieters gesetzt</translation>
    </message>
    <message>
        <source>Listings are fetched only while the gateway runs.</source>
        <translation>Listings werden nur abgerufen, während das Gateway läuft.</translation>
    </message>
    <message>
        <source>Fetched %1 (%2)</source>
        <translation>Abgerufen %1 (%2)</translation>
    </message>
    <message>
        <source>The listing states zero data retention: %1, no training: %2</source>
        <translation>Das Listing gibt an: keine Datenspeicherung: %1, kein Training: %2</translation>
    </message>
    <message>
        <source>%1 (published %2)</source>
        <translation>%1 (veröffentlicht %2)</translation>
    </message>
    <message>
        <source>Status: last refresh failed: %1</source>
        <translation>Status: letzte Aktualisierung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Status: never fetched; counts as neither zero data retention nor no training</source>
        <translation>Status: nie abgerufen; zählt weder als keine Datenspeicherung noch als kein Training</translation>
    </message>
    <message>
        <source>Status: stale (older than %1 h); counts as neither zero data retention nor no training</source>
        <translation>Status: veraltet (älter als %1 h); zählt weder als keine Datenspeicherung noch als kein Training</translation>
    </message>
    <message>
        <source>Status: fresh</source>
        <translation>Status: aktuell</translation>
    </message>
    <message>
        <source>Set the listing refresh interval</source>
        <translation>Aktualisierungsintervall der Listings setzen</translation>
    </message>
    <message>
        <source>Set the listing maximum age</source>
        <translation>Höchstalter der Listings setzen</translation>
    </message>
    <message>
        <source>Provider listings</source>
        <translation>Anbieter-Listings</translation>
    </message>
    <message>
        <source>A provider with a listing source takes its zero data retention and no-training facts from the listing, fetched every refresh interval; a listing older than the maximum age counts as neither. Refresh now on the Providers screen fetches them at once.</source>
        <translation>Ein Anbieter mit einer Listing-Quelle bezieht seine Angaben zu keiner Datenspeicherung und keinem Training aus dem Listing, das in jedem Aktualisierungsintervall abgerufen wird; ein Listing, das älter als das Höchstalter ist, zählt als keins von beiden. „Jetzt aktualisieren“ in der Anbieteransicht ruft sie sofort ab.</translation>
    </message>
    <message>
        <source>Budget alert threshold, %</source>
        <translation>Budget-Warnschwelle, %</translation>
    </message>
    <message>
        <source>Daily budget</source>
        <translation>Tagesbudget</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>Monthly budget</source>
        <translation>Monatsbudget</translation>
    </message>
    <message>
        <source>Requests per minute</source>
        <translation>Anfragen pro Minute</translation>
    </message>
    <message>
        <source>Tokens per minute</source>
        <translation>Tokens pro Minute</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>%1 $</translation>
    </message>
    <message>
        <source>%1 of %2 must be between %3 and %4 (is %5).</source>
        <translation>%1 von %2 muss zwischen %3 und %4 liegen (ist %5).</translation>
    </message>
    <message>
        <source>Budget alert threshold</source>
        <translation>Budget-Warnschwelle</translation>
    </message>
    <message>
        <source>Set a limit of project %1</source>
        <translation>Grenze von Projekt %1 setzen</translation>
    </message>
    <message>
        <source>Set a limit of key %1</source>
        <translation>Grenze von Schlüssel %1 setzen</translation>
    </message>
    <message>
        <source>Time added by failed attempts, s</source>
        <translation>Zeitverlust durch fehlgeschlagene Versuche, s</translation>
    </message>
    <message>
        <source>Served calls</source>
        <translation>Bediente Aufrufe</translation>
    </message>
    <message>
        <source>Failed attempts (kept holds)</source>
        <translation>Fehlversuche (gehaltene Sperren)</translation>
    </message>
    <message>
        <source>Latency and waits of failed attempts</source>
        <translation>Latenz und Wartezeiten fehlgeschlagener Versuche</translation>
    </message>
    <message>
        <source>Cost: %1</source>
        <translation>Kosten: %1</translation>
    </message>
    <message>
        <source>Cost of failure by deployment</source>
        <translation>Kosten der Fehlschläge nach Deployment</translation>
    </message>
    <message>
        <source>Attempts that did not serve their call: what they may have billed (the holds they kept) and the time they added</source>
        <translation>Versuche, die ihren Aufruf nicht bedient haben: was sie berechnet haben könnten (die gehaltenen Sperren) und die Zeit, die sie hinzugefügt haben</translation>
    </message>
    <message>
        <source>Failed attempts</source>
        <translation>Fehlversuche</translation>
    </message>
    <message>
        <source>Retried</source>
        <translation>Wiederholt</translation>
    </message>
    <message>
        <source>May have billed</source>
        <translation>Evtl. berechnet</translation>
    </message>
    <message>
        <source>Share of cost</source>
        <translation>Kostenanteil</translation>
    </message>
    <message>
        <source>Time added, s</source>
        <translation>Zeitverlust, s</translation>
    </message>
    <message>
        <source>Per call, ms</source>
        <translation>Pro Aufruf, ms</translation>
    </message>
    <message>
        <source>Connection and upstream model</source>
        <translation>Verbindung und Upstream-Modell</translation>
    </message>
    <message>
        <source>Attempts on this deployment that did not serve their call</source>
        <translation>Versuche auf diesem Deployment, die ihren Aufruf nicht bedient haben</translation>
    </message>
    <message>
        <source>Failed attempts followed by another attempt of the same model</source>
        <translation>Fehlgeschlagene Versuche, auf die ein weiterer Versuch desselben Modells folgte</translation>
    </message>
    <message>
        <source>Failed attempts after which the call moved to a fallback model</source>
        <translation>Fehlgeschlagene Versuche, nach denen der Aufruf auf ein Fallback-Modell wechselte</translation>
    </message>
    <message>
        <source>The holds of failed attempts that may have billed: an answer that started and did not finish keeps its hold</source>
        <translation>Die Sperren fehlgeschlagener Versuche, die berechnet worden sein könnten: eine Antwort, die begonnen und nicht geendet hat, behält ihre Sperre</translation>
    </message>
    <message>
        <source>What they may have billed, as a share of everything the window&apos;s calls cost</source>
        <translation>Was sie berechnet haben könnten, als Anteil an allem, was die Aufrufe des Zeitraums kosteten</translation>
    </message>
    <message>
        <source>Their latency, and the wait before the attempt after each</source>
        <translation>Ihre Latenz und die Wartezeit vor dem jeweils folgenden Versuch</translation>
    </message>
    <message>
        <source>Time added per call with a failed attempt on this deployment</source>
        <translation>Zeitverlust pro Aufruf mit einem fehlgeschlagenen Versuch auf diesem Deployment</translation>
    </message>
    <message>
        <source>No attempt failed in this window: retries and fallbacks cost nothing and added no time.</source>
        <translation>In diesem Zeitraum ist kein Versuch fehlgeschlagen: Wiederholungen und Fallbacks haben nichts gekostet und keine Zeit hinzugefügt.</translation>
    </message>
    <message>
        <source>Failed attempts may have billed %1 (%2 of %3) and added %4</source>
        <translation>Fehlgeschlagene Versuche haben evtl. %1 berechnet (%2 von %3) und %4 hinzugefügt</translation>
    </message>
    <message>
        <source>Failed attempts billed nothing and added %1</source>
        <translation>Fehlgeschlagene Versuche haben nichts berechnet und %1 hinzugefügt</translation>
    </message>
    <message>
        <source>No figures for this window.</source>
        <translation>Keine Zahlen für diesen Zeitraum.</translation>
    </message>
    <message numerus="yes">
        <source>%1 over %Ln call(s)</source>
        <translation>
            <numerusform>%1 über %Ln Aufruf</numerusform>
            <numerusform>%1 über %Ln Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Projects</source>
        <translation>&amp;Projekte</translation>
    </message>
    <message>
        <source>&amp;Keys</source>
        <translation>&amp;Schlüssel</translation>
    </message>
    <message>
        <source> USD</source>
        <translation> USD</translation>
    </message>
    <message>
        <source> req/min</source>
        <translation> Anfr./min</translation>
    </message>
    <message>
        <source> tok/min</source>
        <translation> Tokens/min</translation>
    </message>
    <message>
        <source>USD per UTC day, for calls started that day; unset: no daily budget.</source>
        <translation>USD pro UTC-Tag, für an diesem Tag begonnene Aufrufe; nicht gesetzt: kein Tagesbudget.</translation>
    </message>
    <message>
        <source>USD per UTC month; unset: no monthly budget.</source>
        <translation>USD pro UTC-Monat; nicht gesetzt: kein Monatsbudget.</translation>
    </message>
    <message>
        <source>Calls admitted in the last 60 s, %1 to %2; unset: no limit.</source>
        <translation>In den letzten 60 s zugelassene Aufrufe, %1 bis %2; nicht gesetzt: keine Grenze.</translation>
    </message>
    <message>
        <source>Input + output tokens in the last 60 s, %1 to %2; unset: no limit.</source>
        <translation>Eingabe- + Ausgabe-Tokens der letzten 60 s, %1 bis %2; nicht gesetzt: keine Grenze.</translation>
    </message>
    <message>
        <source>Budgets and rate limits</source>
        <translation>Budgets und Ratenlimits</translation>
    </message>
    <message>
        <source>Select a key or a project to edit its budgets and rate limits.</source>
        <translation>Wählen Sie einen Schlüssel oder ein Projekt, um seine Budgets und Ratenlimits zu bearbeiten.</translation>
    </message>
    <message>
        <source>Key %1 (project %2): limits of this key alone; a call must also fit its project&apos;s.</source>
        <translation>Schlüssel %1 (Projekt %2): Grenzen nur dieses Schlüssels; ein Aufruf muss auch in die seines Projekts passen.</translation>
    </message>
    <message>
        <source>Project %1: limits of all its keys together; each key may have its own too.</source>
        <translation>Projekt %1: Grenzen aller seiner Schlüssel zusammen; jeder Schlüssel kann zusätzlich eigene haben.</translation>
    </message>
    <message>
        <source>A budget of %1 refuses every call.</source>
        <translation>Ein Budget von %1 lehnt jeden Aufruf ab.</translation>
    </message>
    <message>
        <source>Project id: %1</source>
        <translation>Projekt-ID: %1</translation>
    </message>
    <message>
        <source>Active keys</source>
        <translation>Aktive Schlüssel</translation>
    </message>
    <message>
        <source>%1/day</source>
        <translation>%1/Tag</translation>
    </message>
    <message>
        <source>%1/month</source>
        <translation>%1/Monat</translation>
    </message>
    <message>
        <source>%1 req/min</source>
        <translation>%1 Anfr./min</translation>
    </message>
    <message>
        <source>%1 tok/min</source>
        <translation>%1 Tokens/min</translation>
    </message>
    <message>
        <source>Today (UTC): %1 budget − (%2 spent + %3 held) = %4</source>
        <translation>Heute (UTC): %1 Budget − (%2 ausgegeben + %3 gehalten) = %4</translation>
    </message>
    <message>
        <source>This month (UTC): %1 budget − (%2 spent + %3 held) = %4</source>
        <translation>Diesen Monat (UTC): %1 Budget − (%2 ausgegeben + %3 gehalten) = %4</translation>
    </message>
    <message>
        <source>Spend is shown while the gateway runs.</source>
        <translation>Ausgaben werden angezeigt, während das Gateway läuft.</translation>
    </message>
    <message>
        <source>Settled today (UTC): %1
Settled this month (UTC): %2</source>
        <translation>Heute abgerechnet (UTC): %1
Diesen Monat abgerechnet (UTC): %2</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) in flight hold %1</source>
        <translation>
            <numerusform>%n laufender Aufruf hält %1</numerusform>
            <numerusform>%n laufende Aufrufe halten %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>Spent (today · month)</source>
        <translation>Ausgegeben (heute · Monat)</translation>
    </message>
    <message>
        <source>Remaining</source>
        <translation>Verbleibend</translation>
    </message>
    <message>
        <source>Holds in flight</source>
        <translation>Laufende Sperren</translation>
    </message>
    <message>
        <source>Rate limits</source>
        <translation>Ratenlimits</translation>
    </message>
    <message>
        <source>USD per UTC day and month; a call whose hold does not fit what is left is refused (budget_exceeded).</source>
        <translation>USD pro UTC-Tag und -Monat; ein Aufruf, dessen Sperre nicht in den Rest passt, wird abgelehnt (budget_exceeded).</translation>
    </message>
    <message>
        <source>What settled calls cost, the current UTC day and month.</source>
        <translation>Was abgerechnete Aufrufe kosteten, im laufenden UTC-Tag und -Monat.</translation>
    </message>
    <message>
        <source>Budget − (spent + held), per period.</source>
        <translation>Budget − (ausgegeben + gehalten), je Zeitraum.</translation>
    </message>
    <message>
        <source>Calls in flight and the estimated maximum cost they hold.</source>
        <translation>Laufende Aufrufe und die geschätzten Höchstkosten, die sie halten.</translation>
    </message>
    <message>
        <source>Requests and tokens (input + output) per sliding minute; over a limit, a call is refused (rate_limit_exceeded).</source>
        <translation>Anfragen und Tokens (Eingabe + Ausgabe) pro gleitender Minute; über einem Limit wird ein Aufruf abgelehnt (rate_limit_exceeded).</translation>
    </message>
    <message>
        <source>%1 has used %2% of its monthly budget</source>
        <translation>%1 hat %2 % seines Monatsbudgets verbraucht</translation>
    </message>
    <message>
        <source>%1 has used %2% of its daily budget</source>
        <translation>%1 hat %2 % seines Tagesbudgets verbraucht</translation>
    </message>
    <message>
        <source>Set the budget alert threshold</source>
        <translation>Budget-Warnschwelle setzen</translation>
    </message>
    <message>
        <source>Budgets</source>
        <translation>Budgets</translation>
    </message>
    <message>
        <source>When a key&apos;s or a project&apos;s spend (settled plus held) crosses this share of its daily or monthly budget, the status bar and /metrics say so, once per period (0: never). Budgets are set on the Keys screen.</source>
        <translation>Wenn die Ausgaben eines Schlüssels oder Projekts (abgerechnet plus gehalten) diesen Anteil seines Tages- oder Monatsbudgets überschreiten, melden es die Statusleiste und /metrics, einmal je Zeitraum (0: nie). Budgets werden im Bildschirm Schlüssel festgelegt.</translation>
    </message>
    <message>
        <source>Time added by failed attempts: none</source>
        <translation>Zeitverlust durch fehlgeschlagene Versuche: keiner</translation>
    </message>
    <message>
        <source>Fell back</source>
        <comment>a column of failed attempts</comment>
        <translation>Fallback</translation>
    </message>
    <message>
        <source>Chit-chat</source>
        <translation>Smalltalk</translation>
    </message>
    <message>
        <source>Extraction</source>
        <translation>Extraktion</translation>
    </message>
    <message>
        <source>Summarisation</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Schlussfolgern</translation>
    </message>
    <message>
        <source>Tool use</source>
        <translation>Werkzeugnutzung</translation>
    </message>
    <message>
        <source>Shadow</source>
        <translation>Schatten</translation>
    </message>
    <message>
        <source>Suggest</source>
        <translation>Vorschlagen</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a condition: write a signal, ≥ or ≤ and a whole number, e.g. &quot;user_chars ≤ 400&quot;.</source>
        <translation>„%1“ ist keine Bedingung: Schreiben Sie ein Signal, ≥ oder ≤ und eine ganze Zahl, z. B. „user_chars ≤ 400“.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a signal; the signals are %2.</source>
        <translation>„%1“ ist kein Signal; die Signale sind %2.</translation>
    </message>
    <message>
        <source>Set the sessions of project %1</source>
        <translation>Sitzungen des Projekts %1 festlegen</translation>
    </message>
    <message>
        <source>Set the sessions of key %1</source>
        <translation>Sitzungen des Schlüssels %1 festlegen</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Task class</source>
        <translation>Aufgabenklasse</translation>
    </message>
    <message>
        <source>Signals</source>
        <translation>Signale</translation>
    </message>
    <message>
        <source>Suggested model</source>
        <translation>Vorgeschlagenes Modell</translation>
    </message>
    <message>
        <source>Projected saving</source>
        <translation>Voraussichtliche Ersparnis</translation>
    </message>
    <message>
        <source>Accepted a suggestion</source>
        <translation>Einen Vorschlag angenommen</translation>
    </message>
    <message>
        <source>None: the asked model is already the cheapest that qualifies</source>
        <translation>Keines: Das angefragte Modell ist bereits das günstigste, das geeignet ist</translation>
    </message>
    <message>
        <source>Session mode</source>
        <translation>Sitzungsmodus</translation>
    </message>
    <message>
        <source>Quality floor</source>
        <translation>Qualitätsuntergrenze</translation>
    </message>
    <message>
        <source>Quality for %1</source>
        <translation>Qualität für %1</translation>
    </message>
    <message>
        <source>not rated</source>
        <translation>nicht bewertet</translation>
    </message>
    <message numerus="yes">
        <source>Classifier rules: changed (%n rule(s))</source>
        <translation>
            <numerusform>Klassifikatorregeln: geändert (%n Regel)</numerusform>
            <numerusform>Klassifikatorregeln: geändert (%n Regeln)</numerusform>
        </translation>
    </message>
    <message>
        <source>Classifier rules: %1 → %2</source>
        <translation>Klassifikatorregeln: %1 → %2</translation>
    </message>
    <message numerus="yes">
        <source>%n rule(s)</source>
        <translation>
            <numerusform>%n Regel</numerusform>
            <numerusform>%n Regeln</numerusform>
        </translation>
    </message>
    <message>
        <source>Quality floor of %1</source>
        <translation>Qualitätsuntergrenze von %1</translation>
    </message>
    <message>
        <source>Quality tier &quot;%1&quot; of model %2</source>
        <translation>Qualitätsstufe „%1“ des Modells %2</translation>
    </message>
    <message>
        <source>Session window</source>
        <translation>Sitzungsfenster</translation>
    </message>
    <message>
        <source>The classifier has %1 rules; at most %2 are allowed.</source>
        <translation>Der Klassifikator hat %1 Regeln; höchstens %2 sind erlaubt.</translation>
    </message>
    <message>
        <source>Classifier rule %1 has %2 conditions; at most %3 are allowed.</source>
        <translation>Klassifikatorregel %1 hat %2 Bedingungen; höchstens %3 sind erlaubt.</translation>
    </message>
    <message>
        <source>Condition %1 of classifier rule %2 needs exactly one of &quot;atLeast&quot; and &quot;atMost&quot;.</source>
        <translation>Bedingung %1 der Klassifikatorregel %2 braucht genau eines von „atLeast“ und „atMost“.</translation>
    </message>
    <message>
        <source>Condition %1 (%2) of classifier rule %3</source>
        <translation>Bedingung %1 (%2) der Klassifikatorregel %3</translation>
    </message>
    <message>
        <source>Mixed-model sessions are off: calls are not classified.</source>
        <translation>Sitzungen mit gemischten Modellen sind aus: Aufrufe werden nicht klassifiziert.</translation>
    </message>
    <message>
        <source>%1, quality floor %2</source>
        <translation>%1, Qualitätsuntergrenze %2</translation>
    </message>
    <message>
        <source>%1 (the project&apos;s setting)</source>
        <translation>%1 (Einstellung des Projekts)</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sitzungen</translation>
    </message>
    <message>
        <source>The mixed-model session mode in force; a key whose own mode is Off follows its project&apos;s.</source>
        <translation>Der geltende Sitzungsmodus mit gemischten Modellen; ein Schlüssel, dessen eigener Modus Aus ist, folgt dem seines Projekts.</translation>
    </message>
    <message>
        <source>Shadow: calls run as asked; each receipt records the task class, the cheaper model that would have met the quality floor and the projected saving.
Suggest: the same, and the answer names that model to the caller, who may ask for it in the session&apos;s next call.</source>
        <translation>Schatten: Aufrufe laufen wie angefragt; jeder Beleg hält die Aufgabenklasse, das günstigere Modell, das die Qualitätsuntergrenze erfüllt hätte, und die voraussichtliche Ersparnis fest.
Vorschlagen: ebenso, und die Antwort nennt dem Aufrufer dieses Modell, das er im nächsten Aufruf der Sitzung anfragen kann.</translation>
    </message>
    <message>
        <source>A model qualifies for a turn when its quality tier for the turn&apos;s class is at least this (%1 to %2).</source>
        <translation>Ein Modell kommt für einen Gesprächszug infrage, wenn seine Qualitätsstufe für die Klasse des Zugs mindestens diesen Wert hat (%1 bis %2).</translation>
    </message>
    <message>
        <source>Mixed-model sessions</source>
        <translation>Sitzungen mit gemischten Modellen</translation>
    </message>
    <message>
        <source>&amp;Mode</source>
        <translation>&amp;Modus</translation>
    </message>
    <message>
        <source>Select a key or a project to set its mixed-model sessions.</source>
        <translation>Wählen Sie einen Schlüssel oder ein Projekt, um seine Sitzungen mit gemischten Modellen einzustellen.</translation>
    </message>
    <message>
        <source>Key %1: its own setting, or its project&apos;s.</source>
        <translation>Schlüssel %1: seine eigene Einstellung oder die seines Projekts.</translation>
    </message>
    <message>
        <source>Project %1: for its keys that follow it.</source>
        <translation>Projekt %1: für seine Schlüssel, die ihm folgen.</translation>
    </message>
    <message>
        <source>Project&apos;s (%1)</source>
        <translation>Wie Projekt (%1)</translation>
    </message>
    <message>
        <source>Quality per task</source>
        <translation>Qualität je Aufgabe</translation>
    </message>
    <message>
        <source>Set the quality of %1</source>
        <translation>Qualität von %1 setzen</translation>
    </message>
    <message>
        <source>Mixed-model sessions suggest a cheaper model for a turn only when its tier for the turn&apos;s task class meets the key&apos;s quality floor. 1 is the weakest, 5 the strongest; a class not rated is never suggested.</source>
        <translation>Sitzungen mit gemischten Modellen schlagen für einen Zug nur dann ein günstigeres Modell vor, wenn dessen Stufe für die Aufgabenklasse des Zugs die Qualitätsuntergrenze des Schlüssels erreicht. 1 ist die schwächste, 5 die stärkste Stufe; eine nicht bewertete Klasse wird nie vorgeschlagen.</translation>
    </message>
    <message>
        <source>Not rated</source>
        <translation>Nicht bewertet</translation>
    </message>
    <message>
        <source>Restore defaults</source>
        <translation>Standardwerte wiederherstellen</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wenn</translation>
    </message>
    <message>
        <source>Conditions are signals compared with whole numbers, separated by commas, e.g. &quot;code_fences ≥ 1, user_chars ≤ 400&quot; (&gt;= and &lt;= work too); empty: always.</source>
        <translation>Bedingungen sind Signale, mit ganzen Zahlen verglichen, durch Kommas getrennt, z. B. „code_fences ≥ 1, user_chars ≤ 400“ (&gt;= und &lt;= gehen auch); leer: immer.</translation>
    </message>
    <message>
        <source>Add a rule below the selected one</source>
        <translation>Eine Regel unter der gewählten hinzufügen</translation>
    </message>
    <message>
        <source>Replace every rule with the ones Switchboard ships with</source>
        <translation>Alle Regeln durch die ersetzen, mit denen Switchboard ausgeliefert wird</translation>
    </message>
    <message>
        <source>Restore the default classifier rules</source>
        <translation>Standardregeln des Klassifikators wiederherstellen</translation>
    </message>
    <message>
        <source>Rule %1 is not applied: %2</source>
        <translation>Regel %1 wird nicht übernommen: %2</translation>
    </message>
    <message>
        <source>Set the class of rule %1</source>
        <translation>Klasse von Regel %1 setzen</translation>
    </message>
    <message>
        <source>Set the conditions of rule %1</source>
        <translation>Bedingungen von Regel %1 setzen</translation>
    </message>
    <message>
        <source>Move rule %1 to %2</source>
        <translation>Regel %1 an Stelle %2 verschieben</translation>
    </message>
    <message>
        <source>Add a classifier rule</source>
        <translation>Klassifikatorregel hinzufügen</translation>
    </message>
    <message>
        <source>Remove rule %1</source>
        <translation>Regel %1 entfernen</translation>
    </message>
    <message>
        <source>Set the suggestion window</source>
        <translation>Vorschlagsfenster setzen</translation>
    </message>
    <message>
        <source>Each turn of a key in Shadow or Suggest mode is classified by the shape of its request: the first rule whose conditions all hold names its task class (none: chit-chat). A suggestion counts as accepted when a later call of the same session names the suggested model within the window.</source>
        <translation>Jeder Zug eines Schlüssels im Modus Schatten oder Vorschlagen wird nach der Form seiner Anfrage eingeordnet: Die erste Regel, deren Bedingungen alle zutreffen, nennt seine Aufgabenklasse (keine: Plaudern). Ein Vorschlag gilt als angenommen, wenn ein späterer Aufruf derselben Sitzung das vorgeschlagene Modell innerhalb des Fensters nennt.</translation>
    </message>
    <message>
        <source>Suggestion window</source>
        <translation>Vorschlagsfenster</translation>
    </message>
    <message>
        <source>Classifier rules, first that holds wins</source>
        <translation>Klassifikatorregeln, die erste zutreffende gilt</translation>
    </message>
    <message>
        <source>Projected savings per UTC day</source>
        <translation>Voraussichtliche Ersparnis pro UTC-Tag</translation>
    </message>
    <message>
        <source>Projected savings</source>
        <translation>Voraussichtliche Ersparnis</translation>
    </message>
    <message>
        <source>Task classes</source>
        <translation>Aufgabenklassen</translation>
    </message>
    <message>
        <source>Select a key to see its sessions.</source>
        <translation>Wählen Sie einen Schlüssel, um seine Sitzungen zu sehen.</translation>
    </message>
    <message>
        <source>The sessions&apos; figures need the receipts database.</source>
        <translation>Die Zahlen der Sitzungen brauchen die Beleg-Datenbank.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>The sessions&apos; figures cannot be shown: %1</source>
        <translation>Die Zahlen der Sitzungen können nicht angezeigt werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>Key %1: projected savings %2 over %Ln classified call(s)</source>
        <translation>
            <numerusform>Schlüssel %1: voraussichtliche Ersparnis %2 über %Ln klassifizierten Aufruf</numerusform>
            <numerusform>Schlüssel %1: voraussichtliche Ersparnis %2 über %Ln klassifizierte Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <source>No suggestions offered in Suggest mode yet</source>
        <translation>Im Modus Vorschlagen wurden noch keine Vorschläge gemacht</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln suggestion(s) accepted (%2)</source>
        <translation>
            <numerusform>%1 von %Ln Vorschlag angenommen (%2)</numerusform>
            <numerusform>%1 von %Ln Vorschlägen angenommen (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (UTC): projected savings %2</source>
        <translation>%1 (UTC): voraussichtliche Ersparnis %2</translation>
    </message>
    <message>
        <source>&amp;Quality floor</source>
        <translation>&amp;Qualitätsuntergrenze</translation>
    </message>
    <message>
        <source>The value of &quot;%1&quot; must be a whole number (is %2).</source>
        <translation>Der Wert von „%1“ muss eine ganze Zahl sein (ist %2).</translation>
    </message>
    <message>
        <source>Rule %1 (always holds)</source>
        <translation>Regel %1 (gilt immer)</translation>
    </message>
    <message>
        <source>No rule held</source>
        <translation>Keine Regel traf zu</translation>
    </message>
    <message>
        <source>No rule held: %1</source>
        <translation>Keine Regel traf zu: %1</translation>
    </message>
    <message>
        <source>Suggestion window, minutes</source>
        <translation>Vorschlagsfenster, Minuten</translation>
    </message>
    <message>
        <source>Project&apos;s</source>
        <translation>Wie Projekt</translation>
    </message>
    <message numerus="yes">
        <source>Sessions (last %n days)</source>
        <translation>
            <numerusform>Sitzungen (letzter Tag)</numerusform>
            <numerusform>Sitzungen (letzte %n Tage)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Key %1: no classified calls in the last %n days.</source>
        <translation>
            <numerusform>Schlüssel %1: keine klassifizierten Aufrufe am letzten Tag.</numerusform>
            <numerusform>Schlüssel %1: keine klassifizierten Aufrufe in den letzten %n Tagen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Key %1: no classified calls in the last %n days. Set its mode to Shadow to see what a cheaper route would save.</source>
        <translation>
            <numerusform>Schlüssel %1: keine klassifizierten Aufrufe am letzten Tag. Stellen Sie seinen Modus auf Schatten, um zu sehen, was eine günstigere Route sparen würde.</numerusform>
            <numerusform>Schlüssel %1: keine klassifizierten Aufrufe in den letzten %n Tagen. Stellen Sie seinen Modus auf Schatten, um zu sehen, was eine günstigere Route sparen würde.</numerusform>
        </translation>
    </message>
    <message>
        <source>When every attempt of a streaming call times out, attempts and waits take up to %1 ms, past the deadline of %2 ms</source>
        <translation>Wenn jeder Versuch eines Streaming-Aufrufs in ein Zeitlimit läuft, dauern Versuche und Wartezeiten bis zu %1 ms, länger als die Frist von %2 ms</translation>
    </message>
    <message>
        <source>When every attempt times out, attempts and waits take up to %1 ms, past the deadline of %2 ms</source>
        <translation>Wenn jeder Versuch in ein Zeitlimit läuft, dauern Versuche und Wartezeiten bis zu %1 ms, länger als die Frist von %2 ms</translation>
    </message>
    <message>
        <source>the last attempt may be cut short.</source>
        <translation>der letzte Versuch kann abgebrochen werden.</translation>
    </message>
    <message>
        <source>attempt %1 can never start.</source>
        <translation>Versuch %1 kann nie beginnen.</translation>
    </message>
    <message>
        <source>attempts %1 to %2 can never start.</source>
        <translation>die Versuche %1 bis %2 können nie beginnen.</translation>
    </message>
    <message>
        <source>Fallback model %1 is never reached.</source>
        <translation>Das Ausweichmodell %1 wird nie erreicht.</translation>
    </message>
    <message>
        <source>Fallback models %1 are never reached.</source>
        <translation>Die Ausweichmodelle %1 werden nie erreicht.</translation>
    </message>
    <message>
        <source>Rehearse failures: %1</source>
        <translation>Fehler proben: %1</translation>
    </message>
    <message>
        <source>Show &amp;receipt</source>
        <translation>&amp;Beleg zeigen</translation>
    </message>
    <message>
        <source>Open the selected case&apos;s receipt in the Calls drawer (Enter)</source>
        <translation>Den Beleg des gewählten Falls in der Aufrufleiste öffnen (Eingabe)</translation>
    </message>
    <message>
        <source>&amp;Export JSON…</source>
        <translation>JSON &amp;exportieren…</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>Stop after the case in progress</source>
        <translation>Nach dem laufenden Fall anhalten</translation>
    </message>
    <message>
        <source>Run &amp;again</source>
        <translation>&amp;Nochmal ausführen</translation>
    </message>
    <message>
        <source>Rehearse the configuration as it stands in the editor now</source>
        <translation>Die Konfiguration so proben, wie sie jetzt im Editor steht</translation>
    </message>
    <message>
        <source>C&amp;lose</source>
        <translation>Sch&amp;ließen</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Beobachtet</translation>
    </message>
    <message>
        <source>Rehearses %1 as it stands in the editor, unsaved changes included, on a private gateway on 127.0.0.1 whose deployments are simulator copies that fail one way at a time. Nothing reaches a provider and the running gateway is not touched; the receipts are kept in Calls as rehearsals.</source>
        <translation>Probt %1 so, wie es im Editor steht, ungespeicherte Änderungen eingeschlossen, auf einem privaten Gateway auf 127.0.0.1, dessen Bereitstellungen Simulator-Kopien sind, die jeweils auf eine Art ausfallen. Nichts erreicht einen Anbieter und das laufende Gateway bleibt unberührt; die Belege stehen unter Aufrufe als Proben.</translation>
    </message>
    <message>
        <source>The draft has errors and cannot be saved as it is: %1</source>
        <translation>Der Entwurf hat Fehler und kann so nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n case(s) done · %2</source>
        <translation>
            <numerusform>%1 von %n Fall fertig · %2</numerusform>
            <numerusform>%1 von %n Fällen fertig · %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n fehlgeschlagen</numerusform>
            <numerusform>%n fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message>
        <source>The rehearsal could not run: %1</source>
        <translation>Die Probe konnte nicht laufen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %1 of %n case(s).</source>
        <translation>
            <numerusform>Abgebrochen nach %1 von %n Fall.</numerusform>
            <numerusform>Abgebrochen nach %1 von %n Fällen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n case(s) failed, in %2.</source>
        <translation>
            <numerusform>%1 von %n Fall fehlgeschlagen, in %2.</numerusform>
            <numerusform>%1 von %n Fällen fehlgeschlagen, in %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n case(s) passed, in %1.</source>
        <translation>
            <numerusform>Der Fall hat bestanden, in %1.</numerusform>
            <numerusform>Alle %n Fälle bestanden, in %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a case to see its checks.</source>
        <translation>Wählen Sie einen Fall, um seine Prüfungen zu sehen.</translation>
    </message>
    <message>
        <source>Not finished yet.</source>
        <translation>Noch nicht fertig.</translation>
    </message>
    <message>
        <source>✗ Fail</source>
        <translation>✗ Fehlgeschlagen</translation>
    </message>
    <message>
        <source>✓ Pass</source>
        <translation>✓ Bestanden</translation>
    </message>
    <message>
        <source>Export rehearsal</source>
        <translation>Probe exportieren</translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Läuft…</translation>
    </message>
    <message>
        <source>Not run</source>
        <translation>Nicht ausgeführt</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartet</translation>
    </message>
    <message>
        <source>not run: %1</source>
        <translation>nicht ausgeführt: %1</translation>
    </message>
    <message>
        <source>The case could not run: %1</source>
        <translation>Der Fall konnte nicht laufen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Every rule held (%n check(s))</source>
        <translation>
            <numerusform>Jede Regel hielt (%n Prüfung)</numerusform>
            <numerusform>Jede Regel hielt (%n Prüfungen)</numerusform>
        </translation>
    </message>
    <message>
        <source>Case</source>
        <translation>Fall</translation>
    </message>
    <message>
        <source>Caller saw</source>
        <translation>Aufrufer sah</translation>
    </message>
    <message>
        <source>Waits</source>
        <translation>Wartezeiten</translation>
    </message>
    <message>
        <source>429 with Retry-After</source>
        <translation>429 mit Retry-After</translation>
    </message>
    <message>
        <source>Timeout before the status line</source>
        <translation>Zeitüberschreitung vor der Statuszeile</translation>
    </message>
    <message>
        <source>Connection dropped</source>
        <translation>Verbindung abgebrochen</translation>
    </message>
    <message>
        <source>Stream cut mid-answer</source>
        <translation>Stream mitten in der Antwort abgebrochen</translation>
    </message>
    <message>
        <source>Stream stalls</source>
        <translation>Stream stockt</translation>
    </message>
    <message>
        <source>Undecodable body</source>
        <translation>Nicht dekodierbarer Inhalt</translation>
    </message>
    <message>
        <source>Refusal</source>
        <translation>Verweigerung</translation>
    </message>
    <message>
        <source>Connection refused</source>
        <translation>Verbindung abgelehnt</translation>
    </message>
    <message>
        <source>%1 on the first deployment only</source>
        <translation>%1 nur bei der ersten Bereitstellung</translation>
    </message>
    <message>
        <source>Plain</source>
        <translation>Ohne Streaming</translation>
    </message>
    <message>
        <source>A retryable failure uses every planned attempt the deadline allows</source>
        <translation>Ein wiederholbarer Fehler nutzt jeden geplanten Versuch, den die Frist erlaubt</translation>
    </message>
    <message>
        <source>A final failure is not retried: one attempt</source>
        <translation>Ein endgültiger Fehler wird nicht wiederholt: ein Versuch</translation>
    </message>
    <message>
        <source>A pool tries each deployment at most once</source>
        <translation>Ein Pool versucht jede Bereitstellung höchstens einmal</translation>
    </message>
    <message>
        <source>The wait before a retry is at least the backoff</source>
        <translation>Die Wartezeit vor einer Wiederholung ist mindestens der Backoff</translation>
    </message>
    <message>
        <source>A single deployment waits the Retry-After</source>
        <translation>Eine einzelne Bereitstellung wartet die Retry-After-Zeit ab</translation>
    </message>
    <message>
        <source>The call ends within the deadline</source>
        <translation>Der Aufruf endet innerhalb der Frist</translation>
    </message>
    <message>
        <source>The final error has the status and code of the rules</source>
        <translation>Der letzte Fehler hat Status und Code nach den Regeln</translation>
    </message>
    <message>
        <source>A final 429 passes Retry-After on to the caller</source>
        <translation>Ein endgültiges 429 gibt Retry-After an den Aufrufer weiter</translation>
    </message>
    <message>
        <source>A failure before the first byte is a plain HTTP error</source>
        <translation>Ein Fehler vor dem ersten Byte ist ein einfacher HTTP-Fehler</translation>
    </message>
    <message>
        <source>A cut stream ends with a stream_interrupted event and no [DONE]</source>
        <translation>Ein abgebrochener Stream endet mit einem stream_interrupted-Ereignis und ohne [DONE]</translation>
    </message>
    <message>
        <source>Every error carries x-should-retry: false</source>
        <translation>Jeder Fehler trägt x-should-retry: false</translation>
    </message>
    <message>
        <source>x-gateway-attempts equals the attempts of the receipt</source>
        <translation>x-gateway-attempts entspricht den Versuchen des Belegs</translation>
    </message>
    <message>
        <source>A fallback model answers, named in ib-fallback-model</source>
        <translation>Ein Fallback-Modell antwortet, genannt in ib-fallback-model</translation>
    </message>
    <message>
        <source>The first deployment fails and a healthy one serves, without fallback</source>
        <translation>Die erste Bereitstellung fällt aus und eine gesunde bedient, ohne Fallback</translation>
    </message>
    <message>
        <source>One receipt of kind rehearsal, with the request id the caller got</source>
        <translation>Ein Beleg der Art Probe, mit der Anfrage-ID, die der Aufrufer erhielt</translation>
    </message>
    <message>
        <source>the key&apos;s budget</source>
        <translation>das Budget des Schlüssels</translation>
    </message>
    <message>
        <source>the key&apos;s rate limit</source>
        <translation>das Ratenlimit des Schlüssels</translation>
    </message>
    <message>
        <source>the key&apos;s mixed-model sessions</source>
        <translation>die Sitzungen mit gemischten Modellen des Schlüssels</translation>
    </message>
    <message>
        <source>the project&apos;s budget</source>
        <translation>das Budget des Projekts</translation>
    </message>
    <message>
        <source>the project&apos;s rate limit</source>
        <translation>das Ratenlimit des Projekts</translation>
    </message>
    <message>
        <source>the project&apos;s mixed-model sessions</source>
        <translation>die Sitzungen mit gemischten Modellen des Projekts</translation>
    </message>
    <message>
        <source>Turned off for the rehearsal: %1.</source>
        <translation>Für die Probe abgeschaltet: %1.</translation>
    </message>
    <message>
        <source>Recovery times (timeouts, deadline, backoff, cooldown, Retry-After) are divided by %1, to no less than %2 ms each.</source>
        <translation>Die Wiederholungszeiten (Zeitlimits, Frist, Backoff, Abkühlung, Retry-After) werden durch %1 geteilt, auf jeweils mindestens %2 ms.</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>keine Antwort</translation>
    </message>
    <message>
        <source>no answer: %1</source>
        <translation>keine Antwort: %1</translation>
    </message>
    <message>
        <source>[DONE]</source>
        <translation>[DONE]</translation>
    </message>
    <message>
        <source>no [DONE]</source>
        <translation>kein [DONE]</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n event(s), then error event %2 · %3</source>
        <translation>
            <numerusform>%1 · %n Ereignis, dann Fehlerereignis %2 · %3</numerusform>
            <numerusform>%1 · %n Ereignisse, dann Fehlerereignis %2 · %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n event(s) · %2</source>
        <translation>
            <numerusform>%1 · %n Ereignis · %2</numerusform>
            <numerusform>%1 · %n Ereignisse · %2</numerusform>
        </translation>
    </message>
    <message>
        <source>fallback %1 (not served)</source>
        <translation>Fallback %1 (nicht bedient)</translation>
    </message>
    <message>
        <source>%1 %2: expected %3, observed %4</source>
        <translation>%1 %2: erwartet %3, beobachtet %4</translation>
    </message>
    <message>
        <source>&amp;Rehearse failures…</source>
        <translation>Fehler &amp;proben…</translation>
    </message>
    <message>
        <source>Run this model&apos;s configuration, unsaved edits included, against injected failures on a private gateway (Ctrl+Shift+R)</source>
        <translation>Die Konfiguration dieses Modells, ungespeicherte Änderungen eingeschlossen, auf einem privaten Gateway gegen eingespeiste Fehler laufen lassen (Strg+Umschalt+R)</translation>
    </message>
    <message>
        <source>Rehearse failures</source>
        <translation>Fehler proben</translation>
    </message>
    <message>
        <source>Warning: %1: %2</source>
        <translation>Warnung: %1: %2</translation>
    </message>
    <message>
        <source>Tried at once</source>
        <translation>Sofort versucht</translation>
    </message>
    <message>
        <source>Would fall back</source>
        <translation>Würden auf Fallback ausweichen</translation>
    </message>
    <message>
        <source>Would wait for a cooldown</source>
        <translation>Würden auf das Ende einer Abkühlung warten</translation>
    </message>
    <message>
        <source>No eligible route</source>
        <translation>Keine zulässige Route</translation>
    </message>
    <message>
        <source>Cost per 1,000 calls</source>
        <translation>Kosten pro 1.000 Aufrufe</translation>
    </message>
    <message>
        <source>%1, mostly %2</source>
        <translation>%1, meist %2</translation>
    </message>
    <message>
        <source>Impact</source>
        <translation>Auswirkung</translation>
    </message>
    <message>
        <source>Replay recent calls through the draft and show what would change</source>
        <translation>Letzte Aufrufe durch den Entwurf nachspielen und zeigen, was sich ändern würde</translation>
    </message>
    <message>
        <source>Calls to replay</source>
        <translation>Nachzuspielende Aufrufe</translation>
    </message>
    <message>
        <source>Draft</source>
        <translation>Entwurf</translation>
    </message>
    <message>
        <source>First picks: deployment</source>
        <translation>Erste Wahl: Deployment</translation>
    </message>
    <message>
        <source>Regions served</source>
        <translation>Bediente Regionen</translation>
    </message>
    <message>
        <source>No eligible route: why</source>
        <translation>Keine zulässige Route: warum</translation>
    </message>
    <message>
        <source>Replay the last</source>
        <translation>Die letzten</translation>
    </message>
    <message>
        <source>calls</source>
        <translation>Aufrufe nachspielen</translation>
    </message>
    <message numerus="yes">
        <source>Replaying the last %n call(s)…</source>
        <translation>
            <numerusform>Der letzte Aufruf wird nachgespielt…</numerusform>
            <numerusform>Die letzten %n Aufrufe werden nachgespielt…</numerusform>
        </translation>
    </message>
    <message>
        <source>Past calls could not be read.</source>
        <translation>Frühere Aufrufe konnten nicht gelesen werden.</translation>
    </message>
    <message>
        <source>No calls to replay yet.</source>
        <translation>Noch keine Aufrufe zum Nachspielen.</translation>
    </message>
    <message>
        <source>with the gateway&apos;s health now</source>
        <translation>mit dem aktuellen Zustand des Gateways</translation>
    </message>
    <message>
        <source>with every deployment healthy (no gateway)</source>
        <translation>mit allen Deployments als gesund (kein Gateway)</translation>
    </message>
    <message numerus="yes">
        <source>The last %n call(s), saved settings → draft, %1. A pool&apos;s shares are expected first picks, not random draws.</source>
        <translation>
            <numerusform>Der letzte Aufruf, gespeicherte Einstellungen → Entwurf, %1. Die Anteile eines Pools sind erwartete erste Wahlen, keine Zufallsziehungen.</numerusform>
            <numerusform>Die letzten %n Aufrufe, gespeicherte Einstellungen → Entwurf, %1. Die Anteile eines Pools sind erwartete erste Wahlen, keine Zufallsziehungen.</numerusform>
        </translation>
    </message>
    <message>
        <source>no region known</source>
        <translation>keine Region bekannt</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s), each ending within the scaled deadline of %1 ms: at most about %2 in all, most cases far sooner.</source>
        <translation>
            <numerusform>%n Fall, der innerhalb der skalierten Frist von %1 ms endet: höchstens etwa %2, meist weit früher.</numerusform>
            <numerusform>%n Fälle, die jeweils innerhalb der skalierten Frist von %1 ms enden: insgesamt höchstens etwa %2, die meisten Fälle weit früher.</numerusform>
        </translation>
    </message>
    <message>
        <source>Checks of %1 (%2)</source>
        <translation>Prüfungen von %1 (%2)</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instanz</translation>
    </message>
    <message>
        <source>Gateway instance that stored the call</source>
        <translation>Gateway-Instanz, die den Aufruf gespeichert hat</translation>
    </message>
    <message>
        <source>All instances</source>
        <translation>Alle Instanzen</translation>
    </message>
    <message>
        <source>Stored before gateway instances were named</source>
        <translation>Gespeichert, bevor Gateway-Instanzen benannt wurden</translation>
    </message>
    <message>
        <source>Gateway instance %1 stored this call</source>
        <translation>Die Gateway-Instanz %1 hat diesen Aufruf gespeichert</translation>
    </message>
    <message>
        <source>The Qt PostgreSQL driver (QPSQL, Debian package libqt6sql6-psql) is not available.</source>
        <translation>Der PostgreSQL-Treiber von Qt (QPSQL, Debian-Paket libqt6sql6-psql) ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>“%1” is not a PostgreSQL location (postgresql://user@host:port/database)</source>
        <translation>„%1“ ist keine PostgreSQL-Adresse (postgresql://user@host:port/database)</translation>
    </message>
    <message>
        <source>A password does not belong in the database location: set PGPASSWORD or put it in ~/.pgpass.</source>
        <translation>Ein Passwort gehört nicht in die Adresse der Datenbank: Setzen Sie PGPASSWORD oder tragen Sie es in ~/.pgpass ein.</translation>
    </message>
    <message>
        <source>Changed by someone else (version %1, saved by %2): review and save again.</source>
        <translation>Von jemand anderem geändert (Version %1, gespeichert von %2): Prüfen Sie die Änderungen und speichern Sie erneut.</translation>
    </message>
    <message>
        <source>Version %1 changed: %2</source>
        <translation>Änderungen in Version %1: %2</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Keep your changes on top of the newer version, and list what saving would then change</source>
        <translation>Ihre Änderungen auf die neuere Version übertragen und auflisten, was das Speichern dann ändern würde</translation>
    </message>
    <message>
        <source>&amp;Open workspace…</source>
        <translation>Arbeitsbereich ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>A &amp;file on this computer</source>
        <translation>Eine Da&amp;tei auf diesem Computer</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>A &amp;PostgreSQL database</source>
        <translation>Eine &amp;PostgreSQL-Datenbank</translation>
    </message>
    <message>
        <source>Open workspace</source>
        <translation>Arbeitsbereich öffnen</translation>
    </message>
    <message>
        <source>Switchboard starts again on the workspace you open; unsaved changes are asked about first.</source>
        <translation>Switchboard startet mit dem geöffneten Arbeitsbereich neu; zu ungespeicherten Änderungen werden Sie vorher gefragt.</translation>
    </message>
    <message>
        <source>Several gateways and studios can share one PostgreSQL database. The password is never typed here: it comes from the PGPASSWORD environment variable or from ~/.pgpass.</source>
        <translation>Mehrere Gateways und Studios können eine PostgreSQL-Datenbank gemeinsam nutzen. Das Passwort wird nie hier eingegeben: Es kommt aus der Umgebungsvariablen PGPASSWORD oder aus ~/.pgpass.</translation>
    </message>
    <message>
        <source>Choose a database file.</source>
        <translation>Wählen Sie eine Datenbankdatei.</translation>
    </message>
    <message>
        <source>“%1” is a folder: choose a database file.</source>
        <translation>„%1“ ist ein Ordner: Wählen Sie eine Datenbankdatei.</translation>
    </message>
    <message>
        <source>Enter the database&apos;s location: postgresql://user@host:port/database.</source>
        <translation>Geben Sie die Adresse der Datenbank ein: postgresql://user@host:port/database.</translation>
    </message>
    <message>
        <source>Workspace database: a file, or postgresql://user@host:port/database (the password from PGPASSWORD or ~/.pgpass).</source>
        <translation>Datenbank des Arbeitsbereichs: eine Datei oder postgresql://user@host:port/database (das Passwort aus PGPASSWORD oder ~/.pgpass).</translation>
    </message>
    <message>
        <source>Cannot start Switchboard again on %1.</source>
        <translation>Switchboard kann nicht mit %1 neu gestartet werden.</translation>
    </message>
    <message>
        <source>Instance %1</source>
        <translation>Instanz %1</translation>
    </message>
    <message>
        <source>⚠ Database unreachable: the last loaded version stays in use</source>
        <translation>⚠ Datenbank nicht erreichbar: Die zuletzt geladene Version bleibt in Gebrauch</translation>
    </message>
    <message>
        <source>%1 does not answer; Switchboard reconnects by itself.</source>
        <translation>%1 antwortet nicht; Switchboard verbindet sich von selbst wieder.</translation>
    </message>
    <message>
        <source>Open it at &amp;every start</source>
        <translation>Bei &amp;jedem Start öffnen</translation>
    </message>
    <message>
        <source>It is the database chosen in Preferences. Start Switchboard with --db FILE to open another one.</source>
        <translation>Es ist die in den Einstellungen gewählte Datenbank. Starten Sie Switchboard mit --db DATEI, um eine andere zu öffnen.</translation>
    </message>
    <message>
        <source>⚠ The calls cannot be read now: the database did not answer. The rows shown are those read before.</source>
        <translation>⚠ Die Aufrufe können gerade nicht gelesen werden: Die Datenbank hat nicht geantwortet. Die angezeigten Zeilen sind die zuvor gelesenen.</translation>
    </message>
</context>
</TS>
