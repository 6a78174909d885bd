// The mixed-model sessions' classifier on its labelled set (tests/data/classifier/examples.jsonl):
// overall accuracy, per class precision, recall and accuracy (one class against the rest), the
// confusion table, and as an indication the median ns per call of three loops over the set and of
// a small chat body (the cost target is in callgrind instructions, bench/README.md).
//
//   bench_classifier [EXAMPLES.jsonl] [--misses] [--signals] [--small N] [--long BYTES]
// --misses also lists each misclassified example: its note and the signals that decided.
// --signals prints only a table of each example's label and signals (to study the rules).
// --small N only measures the small chat body N times (for callgrind: instructions per call);
// with --long BYTES the body's user turn is BYTES bytes of English prose instead.

#include <QByteArray>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <array>
#include <cstdio>
#include <sessions/classifier.h>

using namespace Qt::StringLiterals;

namespace {

using Domain::TaskClass;

struct Example
{
    TaskClass label;
    Domain::Endpoint endpoint;
    QString note;
    QByteArray body;
};

QList<Example> readExamples(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(path));
        return {};
    }
    QList<Example> out;
    while (!file.atEnd()) {
        const QJsonObject o = QJsonDocument::fromJson(file.readLine()).object();
        const auto label = Domain::taskClassFromString(o.value(u"label").toString());
        const auto endpoint = Domain::endpointFromString(o.value(u"endpoint").toString());
        if (!label || !endpoint) {
            std::fprintf(stderr, "skipped a line without a known label or endpoint\n");
            continue;
        }
        QByteArray body = QJsonDocument(o.value(u"body").toObject()).toJson(QJsonDocument::Compact);
        body.reserve(body.size() + 64); // as the gateway receives it: padded, read in place
        out.append({ *label, *endpoint, o.value(u"note").toString(), body });
    }
    return out;
}

QByteArray name(TaskClass c)
{
    return Domain::toString(c).toUtf8();
}

double percent(qint64 part, qint64 whole)
{
    return whole > 0 ? 100.0 * double(part) / double(whole) : 0.0;
}

// The median of three timed loops, in ns per call.
template<typename F> double medianNs(int calls, F &&loop)
{
    std::array<double, 3> ns {};
    for (double &t : ns) {
        QElapsedTimer timer;
        timer.start();
        loop();
        t = double(timer.nsecsElapsed()) / calls;
    }
    std::sort(ns.begin(), ns.end());
    return ns[1];
}

void printTables(const std::array<std::array<int, Domain::kTaskClassCount>, 6> &confusion,
                 int total)
{
    std::printf("\n%-14s %5s %10s %8s %9s\n", "class", "n", "precision", "recall", "accuracy");
    for (int c = 0; c < Domain::kTaskClassCount; ++c) {
        int n = 0, classified = 0;
        for (int o = 0; o < Domain::kTaskClassCount; ++o) {
            n += confusion[c][o];
            classified += confusion[o][c];
        }
        const int tp = confusion[c][c];
        const int tn = total - n - classified + tp;
        std::printf("%-14s %5d %9.1f%% %7.1f%% %8.1f%%\n", name(TaskClass(c)).constData(), n,
                    percent(tp, classified), percent(tp, n), percent(tp + tn, total));
    }
    std::printf("\nconfusion (rows: label, columns: classified as)\n%-14s", "");
    for (int o = 0; o < Domain::kTaskClassCount; ++o)
        std::printf(" %6.6s", name(TaskClass(o)).constData());
    std::printf("\n");
    for (int c = 0; c < Domain::kTaskClassCount; ++c) {
        std::printf("%-14s", name(TaskClass(c)).constData());
        for (int o = 0; o < Domain::kTaskClassCount; ++o)
            std::printf(" %6d", confusion[c][o]);
        std::printf("\n");
    }
}

// One short chat turn, as most calls are; padded as the gateway receives it.
QByteArray smallBody()
{
    QByteArray small = R"({"model":"gpt-4o-mini","messages":[{"role":"user","content":"how do )"
                       R"(I reverse a list in python? I tried list.reverse() but it returns )"
                       R"(None and I do not understand why."}],"temperature":0.2})";
    small.reserve(small.size() + 64);
    return small;
}

// A chat body whose one user turn is `bytes` bytes of prose (a pasted text), padded.
QByteArray longBody(qsizetype bytes)
{
    static const QByteArray paragraph
        = "The harbour town woke slowly that spring. Fishing boats came in before dawn, and the "
          "market filled with voices, crates of ice and the smell of salt. Along the quay the old "
          "warehouses had been turned into workshops, a bakery and a small museum about the "
          "whalers who once sailed from here, with letters, maps and a rowing boat hung from the "
          "ceiling. Visitors walked the cliff path in the afternoon and watched the light change "
          "over the water while the ferry crossed to the island and back. ";
    QByteArray text = paragraph.repeated(bytes / paragraph.size() + 1).left(bytes);
    QByteArray body
        = R"({"model":"gpt-4o-mini","messages":[{"role":"user","content":")" + text + R"("}]})";
    body.reserve(body.size() + 64);
    return body;
}

void printSignals(const QList<Example> &examples)
{
    std::printf("label\tendpoint\tnote");
    for (int s = 0; s < Domain::kClassifierSignalCount; ++s)
        std::printf("\t%s", qPrintable(Domain::toString(Domain::ClassifierSignal(s))));
    std::printf("\n");
    for (const Example &e : examples) {
        std::printf("%s\t%s\t%s", name(e.label).constData(),
                    qPrintable(Domain::toString(e.endpoint)), qPrintable(e.note));
        for (qint64 v : Sessions::measure(e.body, e.endpoint))
            std::printf("\t%lld", static_cast<long long>(v));
        std::printf("\n");
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    const bool misses = args.removeAll(u"--misses"_s) > 0;
    const bool signalTable = args.removeAll(u"--signals"_s) > 0;
    if (const qsizetype at = args.indexOf(u"--small"_s); at >= 0 && at + 1 < args.size()) {
        const int calls = args.at(at + 1).toInt();
        const qsizetype longAt = args.indexOf(u"--long"_s);
        const QByteArray small = longAt >= 0 && longAt + 1 < args.size()
            ? longBody(args.at(longAt + 1).toLongLong())
            : smallBody();
        qint64 sink = 0;
        for (int i = 0; i < calls; ++i)
            sink += Sessions::measure(small, Domain::Endpoint::ChatCompletions)[0];
        return sink == -1 ? 1 : 0;
    }
    const QString path
        = args.isEmpty() ? QStringLiteral(SWITCHBOARD_CLASSIFIER_EXAMPLES) : args.first();
    const QList<Example> examples = readExamples(path);
    const QList<Domain::ClassifierRule> rules = Domain::defaultClassifierRules();
    if (signalTable) {
        printSignals(examples);
        return 0;
    }

    std::array<std::array<int, Domain::kTaskClassCount>, 6> confusion {};
    std::array<std::array<int, 2>, 4> byEndpoint {}; // right, total
    int right = 0;
    for (const Example &e : examples) {
        const Domain::Classification c = Sessions::classify(e.body, e.endpoint, rules);
        ++confusion[size_t(e.label)][size_t(c.taskClass)];
        byEndpoint[size_t(e.endpoint)][0] += c.taskClass == e.label;
        ++byEndpoint[size_t(e.endpoint)][1];
        right += c.taskClass == e.label;
        if (misses && c.taskClass != e.label)
            std::printf("miss: %s as %s (%s): %s [%s]\n", name(e.label).constData(),
                        name(c.taskClass).constData(), qPrintable(Domain::toString(e.endpoint)),
                        qPrintable(e.note), qPrintable(Domain::decidingSignals(c, rules)));
    }
    const int total = int(examples.size());
    std::printf("classifier: %d examples (%s), %d rules\n", total, qPrintable(path),
                int(rules.size()));
    std::printf("accuracy: %.1f%% (%d of %d)\n", percent(right, total), right, total);
    for (int e = 0; e < 4; ++e) {
        if (byEndpoint[e][1] > 0)
            std::printf(
                "  %-17s %5.1f%% (%d of %d)\n", qPrintable(Domain::toString(Domain::Endpoint(e))),
                percent(byEndpoint[e][0], byEndpoint[e][1]), byEndpoint[e][0], byEndpoint[e][1]);
    }
    printTables(confusion, total);

    const int rounds = 200;
    qint64 sink = 0;
    const double perExample = medianNs(rounds * std::max(total, 1), [&] {
        for (int r = 0; r < rounds; ++r) {
            for (const Example &e : examples)
                sink += int(Sessions::classify(e.body, e.endpoint, rules).taskClass);
        }
    });
    const QByteArray small = smallBody();
    const int smallCalls = 200000;
    const double perSmall = medianNs(smallCalls, [&] {
        for (int r = 0; r < smallCalls; ++r)
            sink += Sessions::measure(small, Domain::Endpoint::ChatCompletions)[0];
    });
    std::printf("\ntime (median of 3 loops, an indication; callgrind counts instructions):\n"
                "  classify, the set's examples: %.0f ns/call\n"
                "  measure, a %d-byte chat body:  %.0f ns/call\n",
                perExample, int(small.size()), perSmall);
    return sink == -1 ? 1 : 0;
}
