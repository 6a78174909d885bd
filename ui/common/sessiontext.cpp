#include "sessiontext.h"

#include "tr.h"

namespace Ui::Common {

QString sessionClassName(Domain::TaskClass c)
{
    switch (c) {
    case Domain::TaskClass::ChitChat:
        return Tr::tr("Chit-chat");
    case Domain::TaskClass::Extraction:
        return Tr::tr("Extraction");
    case Domain::TaskClass::Summarisation:
        return Tr::tr("Summarisation");
    case Domain::TaskClass::Code:
        return Tr::tr("Code");
    case Domain::TaskClass::Reasoning:
        return Tr::tr("Reasoning");
    case Domain::TaskClass::ToolUse:
        return Tr::tr("Tool use");
    }
    return Domain::toString(c);
}

QString sessionModeName(Domain::SessionMode m)
{
    switch (m) {
    case Domain::SessionMode::Off:
        return Tr::tr("Off");
    case Domain::SessionMode::Shadow:
        return Tr::tr("Shadow");
    case Domain::SessionMode::Suggest:
        return Tr::tr("Suggest");
    }
    return Domain::toString(m);
}

} // namespace Ui::Common
