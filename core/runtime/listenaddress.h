#pragma once

#include "util/result.h"

#include <QHostAddress>
#include <QString>

namespace Runtime {

// Where a gateway listens, as both programs take it from --listen (R-SEC-1: loopback by default).
struct ListenAddress
{
    QHostAddress address = QHostAddress::LocalHost;
    quint16 port = 8640; // 0: any free port

    QString text() const; // "127.0.0.1:8640", "[::1]:8640"
    bool operator==(const ListenAddress &) const = default;
};

// The one parser of --listen. Accepts HOST:PORT where HOST is an IPv4 address, an IPv6 address in
// brackets ("[::1]:8640") or without them ("::1:8640", the last colon separates the port), or
// "localhost" (127.0.0.1); PORT is 0 to 65535. An error's message names the value and what is
// wrong with it (code "cli.listen").
Util::Result<ListenAddress> parseListenAddress(const QString &text);

} // namespace Runtime
