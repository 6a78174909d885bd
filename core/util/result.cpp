#include "result.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace Util {

qint64 Error::number(qsizetype i) const
{
    if (i < 0 || i >= args.size())
        return 0;
    const qint64 *n = std::get_if<qint64>(&args.at(i));
    return n ? *n : 0;
}

QString Error::name(qsizetype i) const
{
    if (i < 0 || i >= args.size())
        return {};
    const ErrorArg &arg = args.at(i);
    if (const QString *s = std::get_if<QString>(&arg))
        return *s;
    return QString::number(std::get<qint64>(arg));
}

QString logText(const Error &e)
{
    if (!e.message.isEmpty())
        return e.detail.isEmpty() ? e.message : e.message + u": "_s + e.detail;
    QStringList args;
    for (qsizetype i = 0; i < e.args.size(); ++i)
        args << e.name(i);
    QString text = e.code;
    if (!args.isEmpty())
        text += u'(' + args.join(u", "_s) + u')';
    if (!e.detail.isEmpty())
        text += u": "_s + e.detail;
    return text;
}

} // namespace Util
