#pragma once

#include <QList>
#include <QWidget>
#include <domain/sessions.h>

class QSpinBox;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Models {

// Settings → Quality per task: the model's tier for each task class (0: not rated), which
// mixed-model sessions compare with a key's quality floor (SPEC §6). Each edit is undoable.
class QualityEditor : public QWidget
{
    Q_OBJECT
public:
    explicit QualityEditor(Common::WorkspaceSession *session, QWidget *parent = nullptr);
    void setModelName(const QString &name);

    QSpinBox *spin(Domain::TaskClass c) const;

private:
    void refresh();

    Common::WorkspaceSession *m_session;
    QString m_model;
    QList<QSpinBox *> m_spins; // by TaskClass
};

} // namespace Ui::Models
