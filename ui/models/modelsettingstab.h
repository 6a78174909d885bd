#pragma once

#include <QWidget>

class QButtonGroup;
class QCheckBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QGroupBox;
class QSpinBox;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Models {

class OfferingsEditor;
class PoolEditor;
class QualityEditor;
class RecoveryEditor;

// Settings (R-UI-3): serving region, max output tokens, deployment pool, recovery, a Direct
// model's offerings, and its quality per task class (mixed-model sessions).
class ModelSettingsTab : public QWidget
{
    Q_OBJECT
public:
    explicit ModelSettingsTab(Common::WorkspaceSession *session, QWidget *parent = nullptr);
    void setModelName(const QString &name);

    QRadioButton *regionDefaultButton() const;
    QRadioButton *regionOverrideButton() const;
    QLineEdit *regionEdit() const;
    QLabel *regionError() const;
    QSpinBox *maxOutputTokensSpin() const;
    PoolEditor *poolEditor() const;
    RecoveryEditor *recoveryEditor() const;
    OfferingsEditor *offeringsEditor() const;
    QualityEditor *qualityEditor() const;

private:
    void refresh();
    void handleRegionModeClicked(int id);

    Common::WorkspaceSession *m_session;
    QString m_model;
    bool m_overridePending = false;
    QButtonGroup *m_regionMode;
    QRadioButton *m_regionDefault;
    QRadioButton *m_regionOverride;
    QLineEdit *m_region;
    QLabel *m_regionError;
    QGroupBox *m_maxOutputTokensBox;
    QSpinBox *m_maxOutputTokens;
    PoolEditor *m_pool;
    RecoveryEditor *m_recovery;
    QGroupBox *m_offeringsBox;
    OfferingsEditor *m_offerings;
    QGroupBox *m_qualityBox;
    QualityEditor *m_quality;
};

} // namespace Ui::Models
