#include "callsmodeltab.h"

#include "callsscreen.h"
#include "common/errortext.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "explain/routeexplainer.h"
#include "models/modelsscreen.h"

#include <QItemSelectionModel>
#include <QLabel>
#include <QPointer>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <memory>
#include <store/database.h>
#include <store/receiptreader.h>

using namespace Qt::StringLiterals;

namespace Ui::Calls {
namespace {

// Keeps the read connection and its reader alive exactly as long as the screen that reads with it.
class ReaderOwner : public QObject
{
public:
    ReaderOwner(std::unique_ptr<Store::Database> db, QObject *parent)
        : QObject(parent)
        , m_db(std::move(db))
        , m_reader(std::make_unique<Store::ReceiptReader>(*m_db))
    {
    }
    Store::ReceiptReader *reader() const { return m_reader.get(); }

private:
    std::unique_ptr<Store::Database> m_db;
    std::unique_ptr<Store::ReceiptReader> m_reader;
};

void openExplainer(Models::ModelsScreen *models, Common::WorkspaceSession *session)
{
    auto *dialog = new Explain::RouteExplainerDialog(session, models);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->explainer()->setMonitor(models->monitor());
    Routing::RequestSummary request;
    request.model = models->currentModel();
    dialog->explainer()->setRequest(request);
    dialog->show();
}

} // namespace

QWidget *createCallsScreen(const QString &databasePath, Store::ReceiptWriter *writer,
                           Common::WorkspaceSession *session, QWidget *parent)
{
    auto db = Store::Database::open(databasePath, Store::Database::Mode::ReadOnly);
    if (!db.ok()) {
        auto *label = new QLabel(
            Tr::tr("Calls cannot be shown: %1").arg(Common::errorText(db.error())), parent);
        label->setWordWrap(true);
        label->setAlignment(Qt::AlignCenter);
        return label;
    }
    // The owner is created first and parented to the screen after: children are deleted in
    // creation order, so the screen's model never outlives the reader it was given.
    auto *owner = new ReaderOwner(std::move(db).value(), nullptr);
    auto *screen = new CallsScreen(owner->reader(), session, parent);
    owner->setParent(screen);
    if (writer)
        screen->attachWriter(writer);
    return screen;
}

void addModelCallsTab(Models::ModelsScreen *models, const QString &databasePath,
                      Store::ReceiptWriter *writer, Common::WorkspaceSession *session)
{
    QWidget *tab = createCallsScreen(databasePath, writer, session, models->tabs());
    models->tabs()->addTab(tab, Tr::tr("Calls"));
    if (auto *calls = qobject_cast<CallsScreen *>(tab)) {
        calls->setMonitor(models->monitor());
        const QPointer<CallsScreen> guard(calls);
        auto follow = [models, guard] {
            if (guard)
                guard->setFixedModel(models->currentModel());
        };
        // Connected after the page's own handler, so currentModel() is already the new one.
        QObject::connect(models->listView()->selectionModel(),
                         &QItemSelectionModel::selectionChanged, calls, follow);
        follow();
    }
    auto *explain = new QToolButton(models->tabs());
    explain->setText(Tr::tr("Explain route…"));
    explain->setToolTip(Tr::tr("The plan the current settings, saved or not, give a sample call"));
    QObject::connect(explain, &QToolButton::clicked, models,
                     [models, session] { openExplainer(models, session); });
    models->tabs()->setCornerWidget(explain, Qt::TopRightCorner);
}

} // namespace Ui::Calls
