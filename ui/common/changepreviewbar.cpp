#include "changepreviewbar.h"

#include "changetext.h"
#include "configtext.h"
#include "errortext.h"
#include "facttext.h"
#include "format.h"
#include "impactpanel.h"
#include "routing/overview.h"
#include "theme.h"
#include "tr.h"
#include "workspacesession.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Ui::Common {
namespace {

constexpr int kSummaryItems = 2;

QString authorName()
{
    QString name = qEnvironmentVariable("USER");
    if (name.isEmpty())
        name = qEnvironmentVariable("USERNAME");
    return name.isEmpty() ? Tr::tr("studio") : name;
}

// One line per model whose recovery the edit makes unable to fit its deadline, or changes how it
// does not (Routing::deadlineProblem); a warning, Save stays allowed.
QStringList deadlineWarnings(const Domain::Workspace &saved, const Domain::Workspace &edited)
{
    QStringList out;
    for (const Domain::Model &m : edited.models) {
        const std::optional<Domain::Fact> after = Routing::deadlineProblem(edited, m);
        if (!after)
            continue;
        const Domain::Model *before = saved.model(m.name);
        if (before && Routing::deadlineProblem(saved, *before) == after)
            continue;
        out << Tr::tr("Warning: %1: %2").arg(m.name, factText(*after));
    }
    return out;
}

// Why a save is refused now, then what the newer version changed since the edit started.
QStringList elsewhereSentences(const WorkspaceSession *session)
{
    QStringList out { errorText(session->newerVersionError()) };
    const QStringList theirs = changeLines(session->changesElsewhere());
    if (!theirs.isEmpty())
        out << Tr::tr("Version %1 changed: %2")
                   .arg(session->newerVersion())
                   .arg(theirs.join(u" · "_s));
    return out;
}

} // namespace

ChangePreviewBar::ChangePreviewBar(WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_summary(new QLabel(this))
    , m_expand(new QToolButton(this))
    , m_fullList(new QLabel(this))
    , m_problems(new QLabel(this))
    , m_deadlines(new QLabel(this))
    , m_discard(new QPushButton(Tr::tr("Discard"), this))
    , m_save(new QPushButton(Tr::tr("Save changes"), this))
    , m_impact(new ImpactPanel(session, this))
    , m_elsewhere(new QLabel(this))
    , m_review(new QPushButton(Tr::tr("Review"), this))
{
    setObjectName(u"changePreviewBar"_s);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_summary->setObjectName(u"changeSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_fullList->setObjectName(u"changeList"_s);
    m_fullList->setTextFormat(Qt::PlainText);
    m_fullList->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setObjectName(u"changeProblems"_s);
    showAsError(m_problems);
    m_problems->setWordWrap(true);
    m_deadlines->setObjectName(u"changeDeadlineWarnings"_s);
    m_deadlines->setWordWrap(true);
    m_deadlines->setTextFormat(Qt::PlainText);
    m_expand->setCheckable(true);
    m_expand->setArrowType(Qt::DownArrow);
    m_expand->setToolTip(Tr::tr("Show every change"));
    m_save->setDefault(true);
    m_save->setObjectName(u"saveChanges"_s);
    m_discard->setObjectName(u"discardChanges"_s);
    m_elsewhere->setObjectName(u"changedElsewhere"_s);
    m_elsewhere->setWordWrap(true);
    m_elsewhere->setTextFormat(Qt::PlainText);
    m_elsewhere->setTextInteractionFlags(Qt::TextSelectableByMouse);
    showAsError(m_elsewhere);
    m_review->setObjectName(u"reviewNewerVersion"_s);
    m_review->setToolTip(Tr::tr("Keep your changes on top of the newer version, and list what "
                                "saving would then change"));

    auto *elsewhere = new QHBoxLayout;
    elsewhere->addWidget(m_elsewhere, 1);
    elsewhere->addWidget(m_review, 0, Qt::AlignTop);
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_expand, 0, Qt::AlignTop);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_problems, 1);
    buttons->addStretch();
    buttons->addWidget(m_impact->button());
    buttons->addWidget(m_discard);
    buttons->addWidget(m_save);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(elsewhere);
    layout->addLayout(top);
    layout->addWidget(m_fullList);
    layout->addWidget(m_impact);
    layout->addWidget(m_deadlines);
    layout->addLayout(buttons);

    connect(m_expand, &QToolButton::toggled, this, &ChangePreviewBar::setExpanded);
    connect(m_discard, &QPushButton::clicked, m_session, &WorkspaceSession::discard);
    connect(m_save, &QPushButton::clicked, this, [this] { saveWithFeedback(this, m_session); });
    connect(m_review, &QPushButton::clicked, m_session, &WorkspaceSession::review);
    connect(m_session, &WorkspaceSession::editedChanged, this, &ChangePreviewBar::refresh);
    connect(m_session, &WorkspaceSession::newerVersionChanged, this, &ChangePreviewBar::refresh);
    setExpanded(false);
    refresh();
}

QStringList ChangePreviewBar::changeLines() const
{
    return Ui::Common::changeLines(m_session->changes());
}

QString ChangePreviewBar::summaryText() const
{
    return m_summary->text();
}

QString ChangePreviewBar::problemsText() const
{
    return m_problems->text();
}

QString ChangePreviewBar::deadlineWarningsText() const
{
    return m_deadlines->text();
}

bool ChangePreviewBar::isExpanded() const
{
    return m_fullList->isVisibleTo(this);
}

void ChangePreviewBar::setExpanded(bool expanded)
{
    m_expand->setChecked(expanded);
    m_expand->setArrowType(expanded ? Qt::UpArrow : Qt::DownArrow);
    m_fullList->setVisible(expanded);
}

QPushButton *ChangePreviewBar::saveButton() const
{
    return m_save;
}

QPushButton *ChangePreviewBar::discardButton() const
{
    return m_discard;
}

ImpactPanel *ChangePreviewBar::impactPanel() const
{
    return m_impact;
}

QString ChangePreviewBar::elsewhereText() const
{
    return m_elsewhere->isVisibleTo(this) ? m_elsewhere->text() : QString();
}

QPushButton *ChangePreviewBar::reviewButton() const
{
    return m_review;
}

void ChangePreviewBar::refresh()
{
    const QStringList lines = changeLines();
    const bool elsewhere = m_session->newerVersion() > 0;
    setVisible(m_session->isModified() || elsewhere);
    m_elsewhere->setText(elsewhere ? elsewhereSentences(m_session).join(u'\n') : QString());
    m_elsewhere->setVisible(elsewhere);
    m_review->setVisible(elsewhere);
    QStringList shown = lines.mid(0, kSummaryItems);
    if (lines.size() > kSummaryItems)
        shown.append(u"…"_s);
    const QString items = shown.join(u" · "_s);
    m_summary->setText(Tr::tr("%n change(s): %1", nullptr, int(lines.size())).arg(items));
    m_fullList->setText(lines.join(u'\n'));
    m_expand->setVisible(lines.size() > kSummaryItems);

    QStringList errors;
    for (const Config::Problem &p : m_session->problems()) {
        if (p.severity == Config::Problem::Severity::Error)
            errors.append(problemText(p));
    }
    m_problems->setText(errors.join(u'\n'));
    m_problems->setVisible(!errors.isEmpty());
    const QStringList late = m_session->isModified()
        ? deadlineWarnings(m_session->saved(), m_session->edited())
        : QStringList();
    m_deadlines->setText(late.join(u'\n'));
    m_deadlines->setVisible(!late.isEmpty());
    const QString blocked = m_session->saveBlockedReason();
    m_save->setEnabled(blocked.isEmpty() && m_session->isModified());
    m_save->setToolTip(blocked.isEmpty() ? Tr::tr("Save as a new version (Ctrl+S)") : blocked);
}

bool saveWithFeedback(QWidget *parent, WorkspaceSession *session)
{
    const Util::Result<int> saved = session->save(authorName());
    if (saved.ok())
        return true;
    if (session->newerVersion() == 0) {
        QMessageBox::warning(parent, Tr::tr("Save changes"), errorText(saved.error()));
        return false;
    }
    QMessageBox box(QMessageBox::Warning, Tr::tr("Save changes"), {}, QMessageBox::NoButton,
                    parent);
    box.setObjectName(u"changedElsewhereBox"_s);
    const QStringList sentences = elsewhereSentences(session);
    box.setText(sentences.first());
    box.setInformativeText(sentences.mid(1).join(u'\n'));
    QPushButton *review = box.addButton(Tr::tr("Review"), QMessageBox::AcceptRole);
    review->setObjectName(u"reviewNewerVersion"_s);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(review);
    box.exec();
    if (box.clickedButton() == review)
        session->review();
    return false;
}

bool confirmLeaving(QWidget *parent, WorkspaceSession *session)
{
    if (!session->isModified())
        return true;
    const auto answer = QMessageBox::question(
        parent, Tr::tr("Unsaved changes"),
        Tr::tr("There are %n unsaved change(s). Save them first?", nullptr,
               int(session->changes().size())),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return saveWithFeedback(parent, session);
    if (answer == QMessageBox::Discard) {
        session->discard();
        return true;
    }
    return false;
}

} // namespace Ui::Common
