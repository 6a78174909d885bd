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
        <source>, a pool of %n eligible deployment(s).</source>
        <translation>
            <numerusform>, a pool of %n eligible deployment.</numerusform>
            <numerusform>, a pool of %n eligible deployments.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n eligible offering(s).</source>
        <translation>
            <numerusform>, %n eligible offering.</numerusform>
            <numerusform>, %n eligible offerings.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The requested model may use %n attempt(s).</source>
        <translation>
            <numerusform>The requested model may use %n attempt.</numerusform>
            <numerusform>The requested model may use %n attempts.</numerusform>
        </translation>
    </message>
</context>
</TS>
