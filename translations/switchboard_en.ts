<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Ui</name>
    <message numerus="yes">
        <source>%n change(s): %1</source>
        <translation>
            <numerusform>%n change: %1</numerusform>
            <numerusform>%n changes: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n change</numerusform>
            <numerusform>%n changes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>There are %n unsaved change(s). Save them first?</source>
        <translation>
            <numerusform>There is %n unsaved change. Save it first?</numerusform>
            <numerusform>There are %n unsaved changes. Save them first?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The requested model may use %n attempt(s).</source>
        <translation>
            <numerusform>The requested model may use %n attempt.</numerusform>
            <numerusform>The requested model may use %n attempts.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln attempts</source>
        <translation>
            <numerusform>%Ln attempt</numerusform>
            <numerusform>%Ln attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Weighted across %Ln deployments, in any region.</source>
        <translation>
            <numerusform>Weighted across %Ln deployment, in any region.</numerusform>
            <numerusform>Weighted across %Ln deployments, in any region.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Weighted across %Ln deployments, only in %1.</source>
        <translation>
            <numerusform>Weighted across %Ln deployment, only in %1.</numerusform>
            <numerusform>Weighted across %Ln deployments, only in %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Direct to %Ln offerings, tried in a fixed order.</source>
        <translation>
            <numerusform>Direct to %Ln offering, tried in a fixed order.</numerusform>
            <numerusform>Direct to %Ln offerings, tried in a fixed order.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Runs as %1, a pool of %n eligible deployment(s).</source>
        <translation>
            <numerusform>Runs as %1, a pool of %n eligible deployment.</numerusform>
            <numerusform>Runs as %1, a pool of %n eligible deployments.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Runs as %1, %n eligible offering(s).</source>
        <translation>
            <numerusform>Runs as %1, %n eligible offering.</numerusform>
            <numerusform>Runs as %1, %n eligible offerings.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Alias %1 runs as %2, a pool of %n eligible deployment(s).</source>
        <translation>
            <numerusform>Alias %1 runs as %2, a pool of %n eligible deployment.</numerusform>
            <numerusform>Alias %1 runs as %2, a pool of %n eligible deployments.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Alias %1 runs as %2, %n eligible offering(s).</source>
        <translation>
            <numerusform>Alias %1 runs as %2, %n eligible offering.</numerusform>
            <numerusform>Alias %1 runs as %2, %n eligible offerings.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Explaining the settings in the editor, with %n unsaved change(s).</source>
        <translation>
            <numerusform>Explaining the settings in the editor, with %n unsaved change.</numerusform>
            <numerusform>Explaining the settings in the editor, with %n unsaved changes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new call(s) — Refresh</source>
        <translation>
            <numerusform>%n new call — Refresh</numerusform>
            <numerusform>%n new calls — Refresh</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln call(s) shown</source>
        <translation>
            <numerusform>%Ln call shown</numerusform>
            <numerusform>%Ln calls shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln probe(s) cost %1</source>
        <translation>
            <numerusform>%Ln probe cost %1</numerusform>
            <numerusform>%Ln probes cost %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln rehearsal(s) cost %1</source>
        <translation>
            <numerusform>%Ln rehearsal cost %1</numerusform>
            <numerusform>%Ln rehearsals cost %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln call(s) · %1 failed · one bar per %2</source>
        <translation>
            <numerusform>%Ln call · %1 failed · one bar per %2</numerusform>
            <numerusform>%Ln calls · %1 failed · one bar per %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 over %Ln call(s)</source>
        <translation>
            <numerusform>%1 over %Ln call</numerusform>
            <numerusform>%1 over %Ln calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) in flight hold %1</source>
        <translation>
            <numerusform>%n call in flight holds %1</numerusform>
            <numerusform>%n calls in flight hold %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Classifier rules: changed (%n rule(s))</source>
        <translation>
            <numerusform>Classifier rules: changed (%n rule)</numerusform>
            <numerusform>Classifier rules: changed (%n rules)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rule(s)</source>
        <translation>
            <numerusform>%n rule</numerusform>
            <numerusform>%n rules</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Key %1: projected savings %2 over %Ln classified call(s)</source>
        <translation>
            <numerusform>Key %1: projected savings %2 over %Ln classified call</numerusform>
            <numerusform>Key %1: projected savings %2 over %Ln classified calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln suggestion(s) accepted (%2)</source>
        <translation>
            <numerusform>%1 of %Ln suggestion accepted (%2)</numerusform>
            <numerusform>%1 of %Ln suggestions accepted (%2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sessions (last %n days)</source>
        <translation>
            <numerusform>Sessions (last day)</numerusform>
            <numerusform>Sessions (last %n days)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Key %1: no classified calls in the last %n days.</source>
        <translation>
            <numerusform>Key %1: no classified calls in the last day.</numerusform>
            <numerusform>Key %1: no classified calls in the last %n days.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Key %1: no classified calls in the last %n days. Set its mode to Shadow to see what a cheaper route would save.</source>
        <translation>
            <numerusform>Key %1: no classified calls in the last day. Set its mode to Shadow to see what a cheaper route would save.</numerusform>
            <numerusform>Key %1: no classified calls in the last %n days. Set its mode to Shadow to see what a cheaper route would save.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n case(s) done · %2</source>
        <translation>
            <numerusform>%1 of %n case done · %2</numerusform>
            <numerusform>%1 of %n cases done · %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n failed</numerusform>
            <numerusform>%n failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %1 of %n case(s).</source>
        <translation>
            <numerusform>Cancelled after %1 of %n case.</numerusform>
            <numerusform>Cancelled after %1 of %n cases.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n case(s) failed, in %2.</source>
        <translation>
            <numerusform>%1 of %n case failed, in %2.</numerusform>
            <numerusform>%1 of %n cases failed, in %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n case(s) passed, in %1.</source>
        <translation>
            <numerusform>The case passed, in %1.</numerusform>
            <numerusform>All %n cases passed, in %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Every rule held (%n check(s))</source>
        <translation>
            <numerusform>Every rule held (%n check)</numerusform>
            <numerusform>Every rule held (%n checks)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n event(s), then error event %2 · %3</source>
        <translation>
            <numerusform>%1 · %n event, then error event %2 · %3</numerusform>
            <numerusform>%1 · %n events, then error event %2 · %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n event(s) · %2</source>
        <translation>
            <numerusform>%1 · %n event · %2</numerusform>
            <numerusform>%1 · %n events · %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaying the last %n call(s)…</source>
        <translation>
            <numerusform>Replaying the last call…</numerusform>
            <numerusform>Replaying the last %n calls…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The last %n call(s), saved settings → draft, %1. A pool&apos;s shares are expected first picks, not random draws.</source>
        <translation>
            <numerusform>The last call, saved settings → draft, %1. A pool&apos;s shares are expected first picks, not random draws.</numerusform>
            <numerusform>The last %n calls, saved settings → draft, %1. A pool&apos;s shares are expected first picks, not random draws.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s), each ending within the scaled deadline of %1 ms: at most about %2 in all, most cases far sooner.</source>
        <translation>
            <numerusform>%n case, ending within the scaled deadline of %1 ms: at most about %2, most likely far sooner.</numerusform>
            <numerusform>%n cases, each ending within the scaled deadline of %1 ms: at most about %2 in all, most cases far sooner.</numerusform>
        </translation>
    </message>
</context>
</TS>
