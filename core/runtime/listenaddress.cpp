#include "listenaddress.h"

using namespace Qt::StringLiterals;

namespace Runtime {
namespace {

Util::Error listenError(const QString &text, const QString &problem)
{
    return Util::Error { u"cli.listen"_s,
                         u"--listen wants HOST:PORT (127.0.0.1:8640, [::1]:8640, localhost:8640); "
                         "\"%1\" %2"_s.arg(text, problem) };
}

bool isPort(QStringView digits, quint16 *port)
{
    if (digits.isEmpty() || digits.size() > 5)
        return false;
    for (QChar c : digits) {
        if (!c.isDigit() || c.unicode() > 0x7f)
            return false;
    }
    const uint value = digits.toUInt();
    if (value > 65535)
        return false;
    *port = quint16(value);
    return true;
}

} // namespace

QString ListenAddress::text() const
{
    return address.protocol() == QAbstractSocket::IPv6Protocol
        ? u"[%1]:%2"_s.arg(address.toString()).arg(port)
        : u"%1:%2"_s.arg(address.toString()).arg(port);
}

Util::Result<ListenAddress> parseListenAddress(const QString &input)
{
    const QString text = input.trimmed();
    if (text.isEmpty())
        return listenError(input, u"is empty"_s);
    QString host;
    QString port;
    if (text.startsWith(u'[')) {
        const qsizetype close = text.indexOf(u']');
        if (close < 0)
            return listenError(text, u"opens a bracket it does not close"_s);
        if (close + 1 >= text.size() || text.at(close + 1) != u':')
            return listenError(text, u"has no :PORT after the bracketed address"_s);
        host = text.mid(1, close - 1);
        port = text.mid(close + 2);
    } else {
        const qsizetype colon = text.lastIndexOf(u':');
        if (colon < 0)
            return listenError(text, u"has no port"_s);
        host = text.left(colon);
        port = text.mid(colon + 1);
    }
    if (host.isEmpty())
        return listenError(text, u"has no host"_s);
    ListenAddress out;
    if (!isPort(port, &out.port))
        return listenError(text, u"has a port that is not a number from 0 to 65535"_s);
    if (host.compare(u"localhost"_s, Qt::CaseInsensitive) == 0)
        out.address = QHostAddress(QHostAddress::LocalHost);
    else
        out.address = QHostAddress(host);
    if (out.address.isNull())
        return listenError(text, u"names a host that is neither an IP address nor localhost"_s);
    return out;
}

} // namespace Runtime
