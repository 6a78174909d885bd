#include "sessioncells.h"

#include "common/sessiontext.h"
#include "common/theme.h"
#include "common/tr.h"

#include <QGuiApplication>

using namespace Qt::StringLiterals;

namespace Ui::Keys {

QVariant sessionsData(int role, const Domain::SessionSettings &inForce, bool followsProject)
{
    const bool off = inForce.mode == Domain::SessionMode::Off;
    switch (role) {
    case Qt::DisplayRole:
        return off ? u"—"_s : Common::sessionModeName(inForce.mode);
    case Qt::ForegroundRole:
        return off ? QVariant(Common::mutedTextColor(QGuiApplication::palette())) : QVariant();
    case Qt::ToolTipRole: {
        if (off)
            return Tr::tr("Mixed-model sessions are off: calls are not classified.");
        const QString text = Tr::tr("%1, quality floor %2")
                                 .arg(Common::sessionModeName(inForce.mode))
                                 .arg(inForce.qualityFloor);
        return followsProject ? Tr::tr("%1 (the project's setting)").arg(text) : text;
    }
    default:
        return {};
    }
}

QVariant sessionsHeader(int role)
{
    if (role == Qt::DisplayRole)
        return Tr::tr("Sessions");
    if (role == Qt::ToolTipRole)
        return Tr::tr("The mixed-model session mode in force; a key whose own mode is Off follows "
                      "its project's.");
    return {};
}

} // namespace Ui::Keys
