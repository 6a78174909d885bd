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
</context>
</TS>
