#include "effectiveview.h"

#include "common/tr.h"
#include "common/workspacesession.h"
#include "explain/routeexplainer.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Ui::Directives {
namespace {

// Item data of a subject: "project\x1fkey" (the key may be empty).
QString subjectData(const QString &projectId, const QString &keyId)
{
    return projectId + u'\x1f' + keyId;
}

} // namespace

EffectiveView::EffectiveView(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_subject(new QComboBox(this))
    , m_note(new QLabel(this))
    , m_table(new QTableWidget(0, ColumnCount, this))
    , m_explain(new QPushButton(Tr::tr("Explain a call…"), this))
{
    m_explain->setToolTip(Tr::tr("Open the route explainer for a call with this key: every "
                                 "candidate and every skip with its reason and level."));
    m_subject->setObjectName(u"effectiveSubject"_s);
    m_subject->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_note->setWordWrap(true);
    m_note->setEnabled(false);
    m_note->setText(Tr::tr("What applies to calls with this key, from the edited settings (unsaved "
                           "changes included). Levels only narrow."));
    m_table->setHorizontalHeaderLabels(
        { Tr::tr("Directive"), Tr::tr("Effective value"), Tr::tr("Set by"), Tr::tr("Rule") });
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(true);
    // Names fit their text; the value takes the room left and the rule a fixed width, both
    // wrapping; rows follow the widths as the window is resized.
    constexpr int kRuleWidth = 240;
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(ValueColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(RuleColumn, QHeaderView::Interactive);
    header->resizeSection(RuleColumn, kRuleWidth);
    connect(header, &QHeaderView::sectionResized, m_table, &QTableView::resizeRowsToContents);

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(Tr::tr("Calls with"), this));
    top->addWidget(m_subject);
    top->addStretch();
    top->addWidget(m_explain);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_note);
    layout->addWidget(m_table, 1);

    connect(m_subject, &QComboBox::currentIndexChanged, this, &EffectiveView::refreshRows);
    connect(m_explain, &QPushButton::clicked, this, &EffectiveView::handleExplain);
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, [this] {
        refreshSubjects();
        refreshRows();
    });
    refreshSubjects();
    refreshRows();
}

void EffectiveView::choose(const QString &projectId, const QString &keyId)
{
    const int i = m_subject->findData(subjectData(projectId, keyId));
    if (i >= 0)
        m_subject->setCurrentIndex(i);
}

QComboBox *EffectiveView::subjectBox() const
{
    return m_subject;
}
QTableWidget *EffectiveView::table() const
{
    return m_table;
}
QList<EffectiveRow> EffectiveView::rows() const
{
    return m_rows;
}
QPushButton *EffectiveView::explainButton() const
{
    return m_explain;
}

void EffectiveView::handleExplain()
{
    const Domain::Workspace &ws = m_session->edited();
    const QStringList parts = m_subject->currentData().toString().split(u'\x1f');
    Routing::RequestSummary request;
    // Start from an alias when there is one: it shows resolution and directives together.
    request.model = !ws.aliases.isEmpty()
        ? ws.aliases.first().name
        : (ws.models.isEmpty() ? QString() : ws.models.first().name);
    request.projectId = parts.value(0);
    request.keyId = parts.value(1);
    auto *dialog = new Explain::RouteExplainerDialog(m_session, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->explainer()->setMonitor(m_monitor);
    dialog->explainer()->setRequest(request);
    dialog->show();
}

void EffectiveView::refreshSubjects()
{
    const Domain::Workspace &ws = m_session->edited();
    const QString current = m_subject->currentData().toString();
    const QSignalBlocker blocker(m_subject);
    m_subject->clear();
    for (const Domain::Key &k : ws.keys) {
        if (!k.revoked)
            m_subject->addItem(Tr::tr("key %1 (project %2)").arg(k.name, k.project),
                               subjectData(k.project, k.id));
    }
    for (const Domain::Project &p : ws.projects)
        m_subject->addItem(Tr::tr("any key of project %1").arg(p.id), subjectData(p.id, {}));
    m_subject->addItem(Tr::tr("the workspace alone"), subjectData({}, {}));
    const int i = m_subject->findData(current);
    m_subject->setCurrentIndex(i >= 0 ? i : 0);
}

void EffectiveView::refreshRows()
{
    const Domain::Workspace &ws = m_session->edited();
    const QStringList parts = m_subject->currentData().toString().split(u'\x1f');
    const QString projectId = parts.value(0);
    const QString keyId = parts.value(1);
    LevelNames names;
    names.project = projectId;
    if (const Domain::Key *k = ws.keyById(keyId))
        names.key = k->name;
    m_rows = effectiveRows(ws, Routing::mergeDirectives(ws, projectId, keyId), names);
    m_table->setRowCount(int(m_rows.size()));
    for (int r = 0; r < m_rows.size(); ++r) {
        const EffectiveRow &row = m_rows.at(r);
        const QStringList cells { row.field, row.value, row.setBy, row.rule };
        for (int c = 0; c < ColumnCount; ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            item->setToolTip(cells.at(c));
            m_table->setItem(r, c, item);
        }
    }
    m_table->resizeRowsToContents();
}

} // namespace Ui::Directives
