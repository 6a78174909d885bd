#include "rehearseaction.h"

#include "common/tr.h"
#include "faultlabdialog.h"
#include "models/modelsscreen.h"

#include <QAction>
#include <QHBoxLayout>
#include <QTabWidget>
#include <QToolButton>
#include <runtime/listingrefresher.h>

using namespace Qt::StringLiterals;

namespace Ui::FaultLab {

QToolButton *addRehearseAction(Models::ModelsScreen *models, const RehearseContext &context)
{
    QTabWidget *tabs = models->tabs();
    auto *corner = new QWidget(tabs);
    auto *layout = new QHBoxLayout(corner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    auto *button = new QToolButton(corner);
    button->setObjectName(u"rehearseButton"_s);
    button->setText(Tr::tr("&Rehearse failures…"));
    button->setToolTip(Tr::tr("Run this model's configuration, unsaved edits included, against "
                              "injected failures on a private gateway (Ctrl+Shift+R)"));
    layout->addWidget(button);
    QWidget *before = tabs->cornerWidget(Qt::TopRightCorner);
    if (before)
        layout->addWidget(before);
    tabs->setCornerWidget(corner, Qt::TopRightCorner);
    // setCornerWidget hides the widget it replaces; it lives on inside the new corner.
    if (before)
        before->show();
    corner->show();

    auto *action = new QAction(Tr::tr("Rehearse failures"), models);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    models->addAction(action);
    QObject::connect(button, &QToolButton::clicked, models,
                     [models, context] { openFaultLab(models, context); });
    QObject::connect(action, &QAction::triggered, models, [models, context] {
        if (models->tabs()->isEnabled())
            openFaultLab(models, context);
    });
    return button;
}

FaultLabDialog *openFaultLab(Models::ModelsScreen *models, const RehearseContext &context)
{
    const QString model = models->currentModel();
    if (model.isEmpty() || !context.session)
        return nullptr;
    for (FaultLabDialog *open : models->findChildren<FaultLabDialog *>()) {
        if (open->model() == model) {
            open->raise();
            open->activateWindow();
            return open;
        }
    }
    auto *dialog = new FaultLabDialog(context.session, model, context.options, models);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (Runtime::ListingRefresher *listings = context.listings) {
        dialog->setSnapshotMaker(
            [listings](const Domain::Workspace &ws) { return listings->apply(ws); });
    }
    dialog->show();
    dialog->start();
    return dialog;
}

} // namespace Ui::FaultLab
