#pragma once

#include <QWidget>
#include <domain/workspace.h>
#include <functional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace Runtime {
class ListingRefresher;
class ProbeScheduler;
} // namespace Runtime
namespace Ui::Common {
class ChangePreviewBar;
class ProbeNowControl;
class WorkspaceSession;
} // namespace Ui::Common

namespace Ui::Providers {

// Providers and offerings: each provider's data-policy facts (ZDR, no training) and where they
// came from, editable; and every offering of the Direct models with precision, capabilities,
// certified flag and probe pass rates (SPEC §1, R-DIR-*, R-PREC-*, R-REL-*).
class ProvidersScreen : public QWidget
{
    Q_OBJECT
public:
    explicit ProvidersScreen(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    bool selectProvider(const QString &id);
    QString currentProvider() const;

    QTableWidget *providerTable() const;
    QTableWidget *offeringTable() const;
    QLineEdit *newIdEdit() const;
    QPushButton *addButton() const;
    QLineEdit *displayNameEdit() const;
    QCheckBox *zdrBox() const;
    QCheckBox *noTrainingBox() const;
    QLineEdit *policySourceEdit() const;
    Common::ChangePreviewBar *previewBar() const;
    // "Probe now" for the selected provider's offerings (null `probes`: no gateway).
    void setProbes(Runtime::ProbeScheduler *probes);
    Common::ProbeNowControl *probeNow() const { return m_probeNow; }
    // The providers' listings (docs/listings.md): their status and "Refresh now" (null: no
    // gateway; a provider with a listing source then shows neither fact, as never fetched).
    void setListings(Runtime::ListingRefresher *listings);
    QLineEdit *listingSourceEdit() const { return m_listingSource; }
    QLabel *listingSourceError() const { return m_listingSourceError; }
    QLabel *listingStatus() const { return m_listingStatus; }
    QPushButton *refreshListingsButton() const { return m_refreshListings; }

    enum ProviderColumn {
        IdColumn,
        NameColumn,
        ZdrColumn,
        NoTrainingColumn,
        SourceColumn,
        ConnectionsColumn,
        ProviderColumnCount
    };
    enum OfferingColumn {
        ModelColumn,
        OrderColumn,
        ConnectionColumn,
        ProviderOfColumn,
        UpstreamColumn,
        PrecisionColumn,
        CapabilitiesColumn,
        CertifiedColumn,
        ToolProbesColumn,
        StructuredProbesColumn,
        OfferingColumnCount
    };

private:
    QWidget *buildProviderPane();
    QWidget *buildForm();
    void rebuild();
    void refreshProviders(); // the table and the form
    void rebuildProviders(const Domain::Workspace &run);
    void rebuildOfferings();
    // `run`: the edited workspace with the listings' facts (effective()).
    void refreshForm(const Domain::Workspace &run);
    void refreshListingStatus(const Domain::Workspace &run);
    // The edited workspace with the facts routing would use: the listings' while fresh.
    Domain::WorkspaceSnapshot effective() const;
    void handleAdd();
    void edit(const std::function<void(Domain::Provider &)> &change, const QString &field);

    Common::WorkspaceSession *m_session;
    QString m_current;
    QTableWidget *m_providers = nullptr;
    QTableWidget *m_offerings = nullptr;
    QLineEdit *m_newId = nullptr;
    QPushButton *m_add = nullptr;
    QLabel *m_formTitle = nullptr;
    QLineEdit *m_displayName = nullptr;
    QCheckBox *m_zdr = nullptr;
    QCheckBox *m_noTraining = nullptr;
    QLineEdit *m_source = nullptr;
    QLabel *m_formError = nullptr;
    Common::ChangePreviewBar *m_bar = nullptr;
    Common::ProbeNowControl *m_probeNow = nullptr;
    Runtime::ProbeScheduler *m_probes = nullptr;
    QLineEdit *m_listingSource = nullptr;
    QLabel *m_listingSourceError = nullptr;
    QLabel *m_listingStatus = nullptr;
    QPushButton *m_refreshListings = nullptr;
    Runtime::ListingRefresher *m_listings = nullptr;
};

} // namespace Ui::Providers
