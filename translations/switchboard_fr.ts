<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>Ui</name>
    <message>
        <source>Create alias %1</source>
        <translation>Créer l’alias %1</translation>
    </message>
    <message>
        <source>Delete alias %1</source>
        <translation>Supprimer l’alias %1</translation>
    </message>
    <message>
        <source>Edit alias %1: %2</source>
        <translation>Modifier l’alias %1 : %2</translation>
    </message>
    <message>
        <source>Alias</source>
        <translation>Alias</translation>
    </message>
    <message>
        <source>org/fast</source>
        <translation>org/fast</translation>
    </message>
    <message>
        <source>Target model</source>
        <translation>Modèle cible</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Recent calls</source>
        <translation>Appels récents</translation>
    </message>
    <message>
        <source>Preset: request defaults (used when the caller leaves a field out)</source>
        <translation>Préréglage : valeurs par défaut des requêtes (utilisées quand l’appelant omet un champ)</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Température</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>Jetons max.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt système</translation>
    </message>
    <message>
        <source>Other request fields</source>
        <translation>Autres champs de la requête</translation>
    </message>
    <message>
        <source>Other fields (JSON)</source>
        <translation>Autres champs (JSON)</translation>
    </message>
    <message>
        <source>Fallback and deprecation</source>
        <translation>Repli et obsolescence</translation>
    </message>
    <message>
        <source>Deprecated from</source>
        <translation>Obsolète à partir du</translation>
    </message>
    <message>
        <source>Replacement</source>
        <translation>Remplaçant</translation>
    </message>
    <message>
        <source>Before the date calls run as this alias with an ib-alias-deprecated header; from 00:00 UTC of the date on they run as the replacement.</source>
        <translation>Avant la date, les appels passent par cet alias avec un en-tête ib-alias-deprecated ; à partir de 00:00 UTC ce jour-là, ils passent par le remplaçant.</translation>
    </message>
    <message>
        <source>Own fallback models</source>
        <translation>Modèles de repli propres</translation>
    </message>
    <message>
        <source>Not valid JSON at character %1: %2.</source>
        <translation>JSON non valide au caractère %1 : %2.</translation>
    </message>
    <message>
        <source>Other fields must be a JSON object such as {&quot;top_p&quot;: 0.9}.</source>
        <translation>Les autres champs doivent former un objet JSON, par exemple {&quot;top_p&quot;: 0.9}.</translation>
    </message>
    <message>
        <source>Set %1 with its own field above.</source>
        <translation>Définissez %1 avec son propre champ ci-dessus.</translation>
    </message>
    <message>
        <source>An alias needs a name.</source>
        <translation>Un alias doit avoir un nom.</translation>
    </message>
    <message>
        <source>Alias %1 already exists.</source>
        <translation>L’alias %1 existe déjà.</translation>
    </message>
    <message>
        <source>deprecated %1 → %2</source>
        <translation>obsolète %1 → %2</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>preset</source>
        <translation>préréglage</translation>
    </message>
    <message>
        <source>fallback: %1</source>
        <translation>repli : %1</translation>
    </message>
    <message>
        <source>active</source>
        <translation>actif</translation>
    </message>
    <message>
        <source>+ New</source>
        <translation>+ Nouveau</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Cible</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Calls, 7 days</source>
        <translation>Appels, 7 jours</translation>
    </message>
    <message>
        <source>unknown: %1</source>
        <translation>inconnu : %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>unknown (no receipts database)</source>
        <translation>inconnu (pas de base de reçus)</translation>
    </message>
    <message>
        <source>%1 calls named this alias in the last %2 days</source>
        <translation>%1 appels ont désigné cet alias ces %2 derniers jours</translation>
    </message>
    <message>
        <source>no status</source>
        <translation>pas d’état</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 o</translation>
    </message>
    <message>
        <source>workspace directive</source>
        <translation>directive de l’espace de travail</translation>
    </message>
    <message>
        <source>project directive</source>
        <translation>directive du projet</translation>
    </message>
    <message>
        <source>key directive</source>
        <translation>directive de la clé</translation>
    </message>
    <message>
        <source>alias preset</source>
        <translation>préréglage d’alias</translation>
    </message>
    <message>
        <source>Copy JSON</source>
        <translation>Copier le JSON</translation>
    </message>
    <message>
        <source>Copy request id</source>
        <translation>Copier l’identifiant de requête</translation>
    </message>
    <message>
        <source>Explain route</source>
        <translation>Expliquer la route</translation>
    </message>
    <message>
        <source>Close the drawer (Esc)</source>
        <translation>Fermer le panneau (Échap)</translation>
    </message>
    <message>
        <source>Copy the receipt as JSON (docs/receipt-json.md); no secrets</source>
        <translation>Copier le reçu en JSON (docs/receipt-json.md) ; sans secrets</translation>
    </message>
    <message>
        <source>Explain the route this call would take now</source>
        <translation>Expliquer la route que prendrait cet appel maintenant</translation>
    </message>
    <message>
        <source>1 attempt</source>
        <translation>1 tentative</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1. %2 via %3</source>
        <translation>%1. %2 via %3</translation>
    </message>
    <message>
        <source>no region</source>
        <translation>aucune région</translation>
    </message>
    <message>
        <source>fallback %1</source>
        <translation>repli %1</translation>
    </message>
    <message>
        <source>waited %1 ms</source>
        <translation>a attendu %1 ms</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>backoff</translation>
    </message>
    <message>
        <source>cooldown</source>
        <translation>refroidissement</translation>
    </message>
    <message>
        <source>Retry-After</source>
        <translation>Retry-After</translation>
    </message>
    <message>
        <source>waited %1 ms (%2)</source>
        <translation>a attendu %1 ms (%2)</translation>
    </message>
    <message>
        <source>at +%1 ms</source>
        <translation>à +%1 ms</translation>
    </message>
    <message>
        <source>served</source>
        <translation>servi</translation>
    </message>
    <message>
        <source>retryable</source>
        <translation>réessayable</translation>
    </message>
    <message>
        <source>final</source>
        <translation>définitif</translation>
    </message>
    <message>
        <source>%1 sent, %2 received</source>
        <translation>%1 envoyés, %2 reçus</translation>
    </message>
    <message>
        <source>upstream %1</source>
        <translation>amont %1</translation>
    </message>
    <message>
        <source>hold kept</source>
        <translation>réservation conservée</translation>
    </message>
    <message>
        <source>%1 via %2</source>
        <translation>%1 via %2</translation>
    </message>
    <message>
        <source>in the plan of %1</source>
        <translation>dans le plan de %1</translation>
    </message>
    <message>
        <source>Served by: none</source>
        <translation>Servi par : personne</translation>
    </message>
    <message>
        <source>Served by: none (last reached %1)</source>
        <translation>Servi par : personne (dernier atteint : %1)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Served by: %1 · %2</source>
        <translation>Servi par : %1 · %2</translation>
    </message>
    <message>
        <source>No call selected</source>
        <translation>Aucun appel sélectionné</translation>
    </message>
    <message>
        <source>Select a call in the table to see its receipt.</source>
        <translation>Sélectionnez un appel dans le tableau pour voir son reçu.</translation>
    </message>
    <message>
        <source>Call %1</source>
        <translation>Appel %1</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Tentatives</translation>
    </message>
    <message>
        <source>No upstream attempt was made.</source>
        <translation>Aucune tentative amont n’a eu lieu.</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Ignorés</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Deprecated</source>
        <translation>Obsolète</translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation>Repli</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>Region header</source>
        <translation>En-tête de région</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Erreur</translation>
    </message>
    <message>
        <source>Usage</source>
        <translation>Consommation</translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out</source>
        <translation>%1 jetons en entrée, %2 en sortie</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <source>%1 (held %2)</source>
        <translation>%1 (réservé : %2)</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Point d’accès</translation>
    </message>
    <message>
        <source>%1, streaming</source>
        <translation>%1, en flux</translation>
    </message>
    <message>
        <source>First byte</source>
        <translation>Premier octet</translation>
    </message>
    <message>
        <source>Caller</source>
        <translation>Appelant</translation>
    </message>
    <message>
        <source>key %1, project %2</source>
        <translation>clé %1, projet %2</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Début</translation>
    </message>
    <message>
        <source>All models</source>
        <translation>Tous les modèles</translation>
    </message>
    <message>
        <source>All connections</source>
        <translation>Toutes les connexions</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Tout état</translation>
    </message>
    <message>
        <source>OK first time</source>
        <translation>OK du premier coup</translation>
    </message>
    <message>
        <source>Retried, OK</source>
        <translation>Réessayé, OK</translation>
    </message>
    <message>
        <source>Fell back</source>
        <translation>Replié</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échoué</translation>
    </message>
    <message>
        <source>Any error</source>
        <translation>Toute erreur</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>Toute période</translation>
    </message>
    <message>
        <source>Last 15 minutes</source>
        <translation>15 dernières minutes</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Dernière heure</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>24 dernières heures</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>7 derniers jours</translation>
    </message>
    <message>
        <source>request id…</source>
        <translation>identifiant de requête…</translation>
    </message>
    <message>
        <source>Model asked, resolved or served</source>
        <translation>Modèle demandé, résolu ou servi</translation>
    </message>
    <message>
        <source>Connection that answered</source>
        <translation>Connexion qui a répondu</translation>
    </message>
    <message>
        <source>Status class</source>
        <translation>Classe d’état</translation>
    </message>
    <message>
        <source>Error class of the last failure</source>
        <translation>Classe d’erreur du dernier échec</translation>
    </message>
    <message>
        <source>Time range</source>
        <translation>Période</translation>
    </message>
    <message>
        <source>Calls cannot be shown: %1</source>
        <translation>Impossible d’afficher les appels : %1</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Appels</translation>
    </message>
    <message>
        <source>Explain route…</source>
        <translation>Expliquer la route…</translation>
    </message>
    <message>
        <source>The plan the current settings, saved or not, give a sample call</source>
        <translation>Le plan que les réglages actuels, enregistrés ou non, donnent à un appel d’exemple</translation>
    </message>
    <message>
        <source>59 min ago</source>
        <translation>il y a 59 min</translation>
    </message>
    <message>
        <source>%1; scroll for older calls</source>
        <translation>%1 ; faites défiler pour les appels plus anciens</translation>
    </message>
    <message>
        <source>served first time</source>
        <translation>servi du premier coup</translation>
    </message>
    <message>
        <source>served after retries</source>
        <translation>servi après de nouvelles tentatives</translation>
    </message>
    <message>
        <source>served by a fallback model</source>
        <translation>servi par un modèle de repli</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>échoué</translation>
    </message>
    <message>
        <source>Alias %1 resolved to %2</source>
        <translation>Alias %1 résolu en %2</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1 : %2 (%3)</translation>
    </message>
    <message>
        <source>No upstream answered</source>
        <translation>Aucun amont n’a répondu</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Model asked</source>
        <translation>Modèle demandé</translation>
    </message>
    <message>
        <source>Model served</source>
        <translation>Modèle servi</translation>
    </message>
    <message>
        <source>Att</source>
        <translation>Tent.</translation>
    </message>
    <message>
        <source>Served by</source>
        <translation>Servi par</translation>
    </message>
    <message>
        <source>Latency, ms</source>
        <translation>Latence, ms</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Jetons entrée</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Jetons sortie</translation>
    </message>
    <message>
        <source>%1 · retried</source>
        <translation>%1 · réessayé</translation>
    </message>
    <message>
        <source>%1 · fell back</source>
        <translation>%1 · replié</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>studio</source>
        <translation>studio</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Abandonner</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>Enregistrer les modifications</translation>
    </message>
    <message>
        <source>Show every change</source>
        <translation>Afficher toutes les modifications</translation>
    </message>
    <message>
        <source>Save as a new version (Ctrl+S)</source>
        <translation>Enregistrer comme nouvelle version (Ctrl+S)</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Modifications non enregistrées</translation>
    </message>
    <message>
        <source>Set deployment pool of %1</source>
        <translation>Définir le pool de déploiements de %1</translation>
    </message>
    <message>
        <source>Add deployment %1</source>
        <translation>Ajouter le déploiement %1</translation>
    </message>
    <message>
        <source>Remove deployment</source>
        <translation>Retirer le déploiement</translation>
    </message>
    <message>
        <source>Choose deployment %1</source>
        <translation>Choisir le déploiement %1</translation>
    </message>
    <message>
        <source>Set weight</source>
        <translation>Définir le poids</translation>
    </message>
    <message>
        <source>Set allowed regions</source>
        <translation>Définir les régions autorisées</translation>
    </message>
    <message>
        <source>Set serving region</source>
        <translation>Définir la région de service</translation>
    </message>
    <message>
        <source>Override recovery</source>
        <translation>Personnaliser la reprise</translation>
    </message>
    <message>
        <source>Default recovery</source>
        <translation>Reprise par défaut</translation>
    </message>
    <message>
        <source>Set recovery</source>
        <translation>Définir la reprise</translation>
    </message>
    <message>
        <source>Enable %1</source>
        <translation>Activer %1</translation>
    </message>
    <message>
        <source>Disable %1</source>
        <translation>Désactiver %1</translation>
    </message>
    <message>
        <source>Add offering</source>
        <translation>Ajouter une offre</translation>
    </message>
    <message>
        <source>Remove offering</source>
        <translation>Retirer une offre</translation>
    </message>
    <message>
        <source>Reorder offerings</source>
        <translation>Réordonner les offres</translation>
    </message>
    <message>
        <source>Edit offering</source>
        <translation>Modifier l’offre</translation>
    </message>
    <message>
        <source>Create model %1</source>
        <translation>Créer le modèle %1</translation>
    </message>
    <message>
        <source>Duplicate %1 as %2</source>
        <translation>Dupliquer %1 en %2</translation>
    </message>
    <message>
        <source>Delete model %1</source>
        <translation>Supprimer le modèle %1</translation>
    </message>
    <message>
        <source>Edit connection %1</source>
        <translation>Modifier la connexion %1</translation>
    </message>
    <message>
        <source>Add connection %1</source>
        <translation>Ajouter la connexion %1</translation>
    </message>
    <message>
        <source>Remove connection %1</source>
        <translation>Retirer la connexion %1</translation>
    </message>
    <message>
        <source>Add project %1</source>
        <translation>Ajouter le projet %1</translation>
    </message>
    <message>
        <source>Create key %1</source>
        <translation>Créer la clé %1</translation>
    </message>
    <message>
        <source>Revoke key</source>
        <translation>Révoquer la clé</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>il y a %1 s</translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation>il y a %1 min</translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation>il y a %1 h</translation>
    </message>
    <message>
        <source>%1 d ago</source>
        <translation>il y a %1 j</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Cannot save: %1</source>
        <translation>Enregistrement impossible : %1</translation>
    </message>
    <message>
        <source>Cannot save: no database is open.</source>
        <translation>Enregistrement impossible : aucune base de données n’est ouverte.</translation>
    </message>
    <message>
        <source>Discard changes</source>
        <translation>Abandonner les modifications</translation>
    </message>
    <message>
        <source>There are no changes to save.</source>
        <translation>Il n’y a aucune modification à enregistrer.</translation>
    </message>
    <message>
        <source>429 rate limited</source>
        <translation>429 limite de débit</translation>
    </message>
    <message>
        <source>500 server error</source>
        <translation>500 erreur serveur</translation>
    </message>
    <message>
        <source>503 unavailable</source>
        <translation>503 indisponible</translation>
    </message>
    <message>
        <source>529 overloaded</source>
        <translation>529 surchargé</translation>
    </message>
    <message>
        <source>timeout before status</source>
        <translation>délai dépassé avant l’état</translation>
    </message>
    <message>
        <source>drop before answer</source>
        <translation>coupure avant la réponse</translation>
    </message>
    <message>
        <source>stream cut</source>
        <translation>flux coupé</translation>
    </message>
    <message>
        <source>stream stall</source>
        <translation>flux bloqué</translation>
    </message>
    <message>
        <source>undecodable body</source>
        <translation>corps indécodable</translation>
    </message>
    <message>
        <source>content refusal</source>
        <translation>refus de contenu</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Connexion</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Aucun</translation>
    </message>
    <message>
        <source>Environment variable</source>
        <translation>Variable d’environnement</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Stored in the workspace</source>
        <translation>Enregistré dans l’espace de travail</translation>
    </message>
    <message>
        <source>e.g. us-east-1 (optional)</source>
        <translation>ex. us-east-1 (facultatif)</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Activé</translation>
    </message>
    <message>
        <source>Aggregator (receives directives as provider fields)</source>
        <translation>Agrégateur (reçoit les directives comme champs fournisseur)</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Fournisseur</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>URL de base</translation>
    </message>
    <message>
        <source>API version</source>
        <translation>Version d’API</translation>
    </message>
    <message>
        <source>Credential</source>
        <translation>Identifiants</translation>
    </message>
    <message>
        <source>Serving region</source>
        <translation>Région de service</translation>
    </message>
    <message>
        <source>Simulator: rehearse failures</source>
        <translation>Simulateur : répéter des pannes</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source> tokens/s</source>
        <translation> jetons/s</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source> events</source>
        <translation> événements</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latence</translation>
    </message>
    <message>
        <source>Stream speed</source>
        <translation>Débit du flux</translation>
    </message>
    <message>
        <source>Failure rate</source>
        <translation>Taux d’échec</translation>
    </message>
    <message>
        <source>Failure kinds</source>
        <translation>Types d’échec</translation>
    </message>
    <message>
        <source>Cut stream after</source>
        <translation>Couper le flux après</translation>
    </message>
    <message>
        <source>No connection selected</source>
        <translation>Aucune connexion sélectionnée</translation>
    </message>
    <message>
        <source>paste the API key, then press Enter</source>
        <translation>collez la clé d’API, puis appuyez sur Entrée</translation>
    </message>
    <message>
        <source>type a new key to replace the stored one</source>
        <translation>saisissez une nouvelle clé pour remplacer celle enregistrée</translation>
    </message>
    <message>
        <source>/path/to/key</source>
        <translation>/chemin/vers/la/cle</translation>
    </message>
    <message>
        <source>OPENAI_API_KEY</source>
        <translation>OPENAI_API_KEY</translation>
    </message>
    <message>
        <source>%1 (off)</source>
        <translation>%1 (désactivé)</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Région</translation>
    </message>
    <message>
        <source>Add connection</source>
        <translation>Ajouter une connexion</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>%1 serves %2; remove those offerings first.</source>
        <translation>%1 sert %2 ; retirez d’abord ces offres.</translation>
    </message>
    <message>
        <source>Name, e.g. openai-2:</source>
        <translation>Nom, par ex. openai-2 :</translation>
    </message>
    <message>
        <source>A connection named %1 exists already.</source>
        <translation>Une connexion nommée %1 existe déjà.</translation>
    </message>
    <message>
        <source>Select a connection.</source>
        <translation>Sélectionnez une connexion.</translation>
    </message>
    <message>
        <source>Remove the selected connection</source>
        <translation>Retirer la connexion sélectionnée</translation>
    </message>
    <message>
        <source>stored (empty)</source>
        <translation>enregistré (vide)</translation>
    </message>
    <message>
        <source>•••• stored</source>
        <translation>•••• enregistré</translation>
    </message>
    <message>
        <source>env: %1</source>
        <translation>env : %1</translation>
    </message>
    <message>
        <source>file: %1</source>
        <translation>fichier : %1</translation>
    </message>
    <message>
        <source>Project %1</source>
        <translation>Projet %1</translation>
    </message>
    <message>
        <source>Key %1</source>
        <translation>Clé %1</translation>
    </message>
    <message>
        <source>Workspace (team)</source>
        <translation>Espace de travail (équipe)</translation>
    </message>
    <message>
        <source>Edit directives: %1</source>
        <translation>Modifier les directives : %1</translation>
    </message>
    <message>
        <source>Levels only narrow: a call must pass the workspace, its project and its key. Unset means this level says nothing.</source>
        <translation>Les niveaux ne font que restreindre : un appel doit passer l’espace de travail, son projet et sa clé. Non défini signifie que ce niveau ne dit rien.</translation>
    </message>
    <message>
        <source>Allowed models</source>
        <translation>Modèles autorisés</translation>
    </message>
    <message>
        <source>Only these models (unset: any model)</source>
        <translation>Uniquement ces modèles (non défini : tout modèle)</translation>
    </message>
    <message>
        <source>model or vendor/*</source>
        <translation>modèle ou éditeur/*</translation>
    </message>
    <message>
        <source>Providers and data policy</source>
        <translation>Fournisseurs et politique de données</translation>
    </message>
    <message>
        <source>Only these providers (unset: any provider)</source>
        <translation>Uniquement ces fournisseurs (non défini : tout fournisseur)</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>Exigé</translation>
    </message>
    <message>
        <source>Not required</source>
        <translation>Non exigé</translation>
    </message>
    <message>
        <source>Denied providers (denied beats allowed):</source>
        <translation>Fournisseurs refusés (le refus l’emporte sur l’autorisation) :</translation>
    </message>
    <message>
        <source>Require zero data retention</source>
        <translation>Exiger l’absence de conservation des données</translation>
    </message>
    <message>
        <source>Require no training on prompts</source>
        <translation>Exiger l’absence d’entraînement sur les prompts</translation>
    </message>
    <message>
        <source>Precision and attempts</source>
        <translation>Précision et tentatives</translation>
    </message>
    <message>
        <source>Unset</source>
        <translation>Non défini</translation>
    </message>
    <message>
        <source>none (no minimum)</source>
        <translation>aucune (pas de minimum)</translation>
    </message>
    <message>
        <source>fp8 (skips fp4)</source>
        <translation>fp8 (ignore fp4)</translation>
    </message>
    <message>
        <source>bf16 (skips fp8 and fp4)</source>
        <translation>bf16 (ignore fp8 et fp4)</translation>
    </message>
    <message>
        <source>Cap</source>
        <translation>Plafond</translation>
    </message>
    <message>
        <source>Max application attempts</source>
        <translation>Nombre maximal de tentatives applicatives</translation>
    </message>
    <message>
        <source>1 to 8; the lowest cap of any level applies</source>
        <translation>de 1 à 8 ; le plafond le plus bas de tous les niveaux s’applique</translation>
    </message>
    <message>
        <source>Minimum precision</source>
        <translation>Précision minimale</translation>
    </message>
    <message>
        <source>The highest precision any level sets applies; offerings listing none are kept.</source>
        <translation>La précision la plus élevée fixée par un niveau s’applique ; les offres sans précision indiquée sont conservées.</translation>
    </message>
    <message>
        <source>Model fallback</source>
        <translation>Repli de modèle</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation>Autorisé</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <source>Own fallback models, in order (unset: the list of the level above)</source>
        <translation>Modèles de repli propres, dans l’ordre (non défini : la liste du niveau supérieur)</translation>
    </message>
    <message>
        <source>Allow model fallback</source>
        <translation>Autoriser le repli de modèle</translation>
    </message>
    <message>
        <source>The team decides whether fallback is allowed (unset is off); a project or key can only turn it off.</source>
        <translation>L’équipe décide si le repli est autorisé (non défini : désactivé) ; un projet ou une clé peut seulement le désactiver.</translation>
    </message>
    <message>
        <source>Levels</source>
        <translation>Niveaux</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>Effective</source>
        <translation>Effectif</translation>
    </message>
    <message>
        <source>Key %1 (revoked)</source>
        <translation>Clé %1 (révoquée)</translation>
    </message>
    <message>
        <source>%1: no rules at this level</source>
        <translation>%1 : aucune règle à ce niveau</translation>
    </message>
    <message>
        <source>%1: sets rules</source>
        <translation>%1 : définit des règles</translation>
    </message>
    <message>
        <source>on</source>
        <translation>activé</translation>
    </message>
    <message>
        <source>off</source>
        <translation>désactivé</translation>
    </message>
    <message>
        <source>any model</source>
        <translation>tout modèle</translation>
    </message>
    <message>
        <source>no level restricts models</source>
        <translation>aucun niveau ne restreint les modèles</translation>
    </message>
    <message>
        <source>a model must be allowed at every level</source>
        <translation>un modèle doit être autorisé à chaque niveau</translation>
    </message>
    <message>
        <source>Allowed providers</source>
        <translation>Fournisseurs autorisés</translation>
    </message>
    <message>
        <source>any provider</source>
        <translation>tout fournisseur</translation>
    </message>
    <message>
        <source>no level restricts providers</source>
        <translation>aucun niveau ne restreint les fournisseurs</translation>
    </message>
    <message>
        <source>only providers on every level&apos;s list; denied beats allowed</source>
        <translation>uniquement les fournisseurs présents sur la liste de chaque niveau ; le refus l’emporte sur l’autorisation</translation>
    </message>
    <message>
        <source>every provider except the denied ones</source>
        <translation>tous les fournisseurs sauf ceux refusés</translation>
    </message>
    <message>
        <source>Denied providers</source>
        <translation>Fournisseurs refusés</translation>
    </message>
    <message>
        <source>no level denies a provider</source>
        <translation>aucun niveau ne refuse de fournisseur</translation>
    </message>
    <message>
        <source>denied at any level; denied beats allowed</source>
        <translation>refusé à un niveau quelconque ; le refus l’emporte sur l’autorisation</translation>
    </message>
    <message>
        <source>none (fallback is off)</source>
        <translation>aucun (le repli est désactivé)</translation>
    </message>
    <message>
        <source>none named</source>
        <translation>aucun nommé</translation>
    </message>
    <message>
        <source>workspace (team)</source>
        <translation>espace de travail (équipe)</translation>
    </message>
    <message>
        <source>project %1</source>
        <translation>projet %1</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>clé %1</translation>
    </message>
    <message>
        <source>preset alias</source>
        <translation>préréglage d’alias</translation>
    </message>
    <message>
        <source>default</source>
        <translation>par défaut</translation>
    </message>
    <message>
        <source>Require ZDR</source>
        <translation>Exiger ZDR</translation>
    </message>
    <message>
        <source>Require no training</source>
        <translation>Exiger l’absence d’entraînement</translation>
    </message>
    <message>
        <source>no cap (the model&apos;s Attempts apply)</source>
        <translation>pas de plafond (les tentatives du modèle s’appliquent)</translation>
    </message>
    <message>
        <source>Fallback models</source>
        <translation>Modèles de repli</translation>
    </message>
    <message>
        <source>Explain a call…</source>
        <translation>Expliquer un appel…</translation>
    </message>
    <message>
        <source>Open the route explainer for a call with this key: every candidate and every skip with its reason and level.</source>
        <translation>Ouvrir l’explication de route pour un appel avec cette clé : chaque candidat et chaque candidat ignoré, avec sa raison et son niveau.</translation>
    </message>
    <message>
        <source>What applies to calls with this key, from the edited settings (unsaved changes included). Levels only narrow.</source>
        <translation>Ce qui s’applique aux appels avec cette clé, d’après les réglages modifiés (modifications non enregistrées comprises). Les niveaux ne font que restreindre.</translation>
    </message>
    <message>
        <source>Directive</source>
        <translation>Directive</translation>
    </message>
    <message>
        <source>Effective value</source>
        <translation>Valeur effective</translation>
    </message>
    <message>
        <source>Set by</source>
        <translation>Défini par</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Règle</translation>
    </message>
    <message>
        <source>Calls with</source>
        <translation>Appels avec</translation>
    </message>
    <message>
        <source>key %1 (project %2)</source>
        <translation>clé %1 (projet %2)</translation>
    </message>
    <message>
        <source>any key of project %1</source>
        <translation>toute clé du projet %1</translation>
    </message>
    <message>
        <source>the workspace alone</source>
        <translation>l’espace de travail seul</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Monter</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Descendre</translation>
    </message>
    <message>
        <source>Sample request</source>
        <translation>Requête d’exemple</translation>
    </message>
    <message>
        <source>Sends tools</source>
        <translation>Envoie des outils</translation>
    </message>
    <message>
        <source>Contains images</source>
        <translation>Contient des images</translation>
    </message>
    <message>
        <source>e.g. us-east-1, eu-west-1</source>
        <translation>ex. us-east-1, eu-west-1</translation>
    </message>
    <message>
        <source>Streaming</source>
        <translation>Flux</translation>
    </message>
    <message>
        <source>Model or alias</source>
        <translation>Modèle ou alias</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Clé</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projet</translation>
    </message>
    <message>
        <source>Response format</source>
        <translation>Format de réponse</translation>
    </message>
    <message>
        <source>x-gateway-model-regions</source>
        <translation>x-gateway-model-regions</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidat</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Poids</translation>
    </message>
    <message>
        <source>First pick</source>
        <translation>Premier choix</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Raison</translation>
    </message>
    <message>
        <source>Directive level</source>
        <translation>Niveau de directive</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Détail</translation>
    </message>
    <message>
        <source>Candidates in order, with the chance of each being tried first:</source>
        <translation>Candidats dans l’ordre, avec la probabilité que chacun soit essayé en premier :</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>Aucune clé</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>Aucun projet</translation>
    </message>
    <message>
        <source>Refused before any attempt: %1 %2. %3</source>
        <translation>Refusé avant toute tentative : %1 %2. %3</translation>
    </message>
    <message>
        <source>Deprecated alias: %1.</source>
        <translation>Alias obsolète : %1.</translation>
    </message>
    <message>
        <source>Explaining the saved settings.</source>
        <translation>Explication des réglages enregistrés.</translation>
    </message>
    <message numerus="yes">
        <source>Explaining the settings in the editor, with %n unsaved change(s).</source>
        <translation>
            <numerusform>Explication des réglages de l’éditeur, avec %n modification non enregistrée.</numerusform>
            <numerusform>Explication des réglages de l’éditeur, avec %n modifications non enregistrées.</numerusform>
        </translation>
    </message>
    <message>
        <source>Capped to %1 by the %2 directives.</source>
        <translation>Plafonné à %1 par les directives (%2).</translation>
    </message>
    <message numerus="yes">
        <source>The requested model may use %n attempt(s).</source>
        <translation>
            <numerusform>Le modèle demandé peut utiliser %n tentative.</numerusform>
            <numerusform>Le modèle demandé peut utiliser %n tentatives.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fallback is on (%1).</source>
        <translation>Le repli est activé (%1).</translation>
    </message>
    <message>
        <source>Fallback is off (%1).</source>
        <translation>Le repli est désactivé (%1).</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Listen beyond this machine?</source>
        <translation>Écouter au-delà de cette machine ?</translation>
    </message>
    <message>
        <source>%1 is not a loopback address: other machines on the network could call the gateway with your providers&apos; credentials if they have a key. Listen there?</source>
        <translation>%1 n’est pas une adresse de bouclage : d’autres machines du réseau pourraient appeler la passerelle avec les identifiants de vos fournisseurs si elles ont une clé. Écouter sur cette adresse ?</translation>
    </message>
    <message>
        <source>Gateway</source>
        <translation>Passerelle</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>tout port libre</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Démarrer</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation>Écouter sur</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>En direct</translation>
    </message>
    <message>
        <source>Test call</source>
        <translation>Appel de test</translation>
    </message>
    <message>
        <source>paste a caller key (sb-…)</source>
        <translation>collez une clé d’appelant (sb-…)</translation>
    </message>
    <message>
        <source>Say hello in five words.</source>
        <translation>Dis bonjour en cinq mots.</translation>
    </message>
    <message>
        <source>Send test call</source>
        <translation>Envoyer l’appel de test</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Caller key</source>
        <translation>Clé d’appelant</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>○ No embedded gateway in this session (--no-gateway).</source>
        <translation>○ Pas de passerelle intégrée dans cette session (--no-gateway).</translation>
    </message>
    <message>
        <source>● Running on %1</source>
        <translation>● En marche sur %1</translation>
    </message>
    <message>
        <source>○ Stopped: %1</source>
        <translation>○ Arrêtée : %1</translation>
    </message>
    <message>
        <source>○ Stopped</source>
        <translation>○ Arrêtée</translation>
    </message>
    <message>
        <source>%1 calls/s · %2 in flight · %3 cooling down · %4 calls in total</source>
        <translation>%1 appels/s · %2 en cours · %3 en refroidissement · %4 appels au total</translation>
    </message>
    <message>
        <source>Start the gateway first.</source>
        <translation>Démarrez d’abord la passerelle.</translation>
    </message>
    <message>
        <source>Start gateway</source>
        <translation>Démarrer la passerelle</translation>
    </message>
    <message>
        <source>%1 is not an IP address.</source>
        <translation>%1 n’est pas une adresse IP.</translation>
    </message>
    <message>
        <source>Calling %1…</source>
        <translation>Appel de %1…</translation>
    </message>
    <message>
        <source>No answer: %1</source>
        <translation>Pas de réponse : %1</translation>
    </message>
    <message>
        <source>HTTP %1 · served by %2 · %3 attempt(s)
%4</source>
        <translation>HTTP %1 · servi par %2 · tentatives : %3
%4</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>Enregistrée</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>Auteur</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Modifications</translation>
    </message>
    <message>
        <source>Compare with current</source>
        <translation>Comparer avec l’état actuel</translation>
    </message>
    <message>
        <source>Restore this version</source>
        <translation>Restaurer cette version</translation>
    </message>
    <message>
        <source>What would change going from this version to the current state</source>
        <translation>Ce qui changerait en passant de cette version à l’état actuel</translation>
    </message>
    <message>
        <source>Make this version the edited state; Save changes makes it a new version</source>
        <translation>Faire de cette version l’état modifié ; « Enregistrer les modifications » en fait une nouvelle version</translation>
    </message>
    <message>
        <source>No saved version yet.</source>
        <translation>Aucune version enregistrée pour l’instant.</translation>
    </message>
    <message>
        <source>Version %1 by %2, %3</source>
        <translation>Version %1 par %2, %3</translation>
    </message>
    <message>
        <source>(first version)</source>
        <translation>(première version)</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparer</translation>
    </message>
    <message>
        <source>From version %1 to the current state</source>
        <translation>De la version %1 à l’état actuel</translation>
    </message>
    <message>
        <source>No differences.</source>
        <translation>Aucune différence.</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Restaurer</translation>
    </message>
    <message>
        <source>Restore version %1</source>
        <translation>Restaurer la version %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Key %1 created</source>
        <translation>Clé %1 créée</translation>
    </message>
    <message>
        <source>Copy this key now: it is shown only once. Only a hash is kept; the key works once you save changes.</source>
        <translation>Copiez cette clé maintenant : elle n’est affichée qu’une fois. Seul un hachage est conservé ; la clé fonctionne dès que vous enregistrez les modifications.</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiée</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>révoquée</translation>
    </message>
    <message>
        <source>Starts with</source>
        <translation>Commence par</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Créée</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Create key</source>
        <translation>Créer une clé</translation>
    </message>
    <message>
        <source>Revoke…</source>
        <translation>Révoquer…</translation>
    </message>
    <message>
        <source>New project…</source>
        <translation>Nouveau projet…</translation>
    </message>
    <message>
        <source>key name, e.g. ci-runner</source>
        <translation>nom de la clé, ex. ci-runner</translation>
    </message>
    <message>
        <source>Create a key; it is shown once</source>
        <translation>Créer une clé ; elle n’est affichée qu’une fois</translation>
    </message>
    <message>
        <source>Create a project first.</source>
        <translation>Créez d’abord un projet.</translation>
    </message>
    <message>
        <source>Revoke the key %1 (%2…)? Callers using it are refused once you save.</source>
        <translation>Révoquer la clé %1 (%2…) ? Les appelants qui l’utilisent seront refusés dès l’enregistrement.</translation>
    </message>
    <message>
        <source>New project</source>
        <translation>Nouveau projet</translation>
    </message>
    <message>
        <source>Project id:</source>
        <translation>Identifiant du projet :</translation>
    </message>
    <message>
        <source>A project %1 exists already.</source>
        <translation>Un projet %1 existe déjà.</translation>
    </message>
    <message>
        <source>○ Gateway off (--no-gateway)</source>
        <translation>○ Passerelle désactivée (--no-gateway)</translation>
    </message>
    <message>
        <source>● Gateway running on %1</source>
        <translation>● Passerelle en marche sur %1</translation>
    </message>
    <message>
        <source>○ Gateway stopped</source>
        <translation>○ Passerelle arrêtée</translation>
    </message>
    <message>
        <source>%1 calls/s</source>
        <translation>%1 appels/s</translation>
    </message>
    <message>
        <source>%1 cooling down</source>
        <translation>%1 en refroidissement</translation>
    </message>
    <message>
        <source>1 unsaved change</source>
        <translation>1 modification non enregistrée</translation>
    </message>
    <message>
        <source>%1 unsaved changes</source>
        <translation>%1 modifications non enregistrées</translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation>%1 (Ctrl+%2)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Save changes</source>
        <translation>&amp;Enregistrer les modifications</translation>
    </message>
    <message>
        <source>&amp;Discard changes</source>
        <translation>&amp;Abandonner les modifications</translation>
    </message>
    <message>
        <source>&amp;Export configuration…</source>
        <translation>E&amp;xporter la configuration…</translation>
    </message>
    <message>
        <source>&amp;Import configuration…</source>
        <translation>&amp;Importer la configuration…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Gateway</source>
        <translation>&amp;Passerelle</translation>
    </message>
    <message>
        <source>Gateway &amp;control</source>
        <translation>&amp;Contrôle de la passerelle</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Démarrer</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>A&amp;rrêter</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ai&amp;de</translation>
    </message>
    <message>
        <source>&amp;About Switchboard</source>
        <translation>À &amp;propos de Switchboard</translation>
    </message>
    <message>
        <source>About Switchboard</source>
        <translation>À propos de Switchboard</translation>
    </message>
    <message>
        <source>Switchboard %1: a studio for an LLM model gateway.</source>
        <translation>Switchboard %1 : un studio pour une passerelle de modèles LLM.</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Thème</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;Système</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Clair</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Sombre</translation>
    </message>
    <message>
        <source>Switchboard[*]</source>
        <translation>Switchboard[*]</translation>
    </message>
    <message>
        <source>%1[*] — Switchboard</source>
        <translation>%1[*] — Switchboard</translation>
    </message>
    <message>
        <source>Export configuration</source>
        <translation>Exporter la configuration</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Import configuration</source>
        <translation>Importer la configuration</translation>
    </message>
    <message>
        <source>Nothing was imported:
%1</source>
        <translation>Rien n’a été importé :
%1</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>Importer %1</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modèles</translation>
    </message>
    <message>
        <source>Connections</source>
        <translation>Connexions</translation>
    </message>
    <message>
        <source>Directives</source>
        <translation>Directives</translation>
    </message>
    <message>
        <source>Aliases</source>
        <translation>Alias</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Clés</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Fournisseurs</translation>
    </message>
    <message>
        <source>Workspace settings</source>
        <translation>Espace de travail</translation>
    </message>
    <message>
        <source>Recovery defaults</source>
        <translation>Reprise par défaut</translation>
    </message>
    <message>
        <source>Deployment</source>
        <translation>Déploiement</translation>
    </message>
    <message>
        <source>First picks</source>
        <translation>Premiers choix</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Santé</translation>
    </message>
    <message>
        <source>Cooling down</source>
        <translation>En refroidissement</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Dernière erreur</translation>
    </message>
    <message>
        <source>○ disabled</source>
        <translation>○ désactivé</translation>
    </message>
    <message>
        <source>◐ drained</source>
        <translation>◐ suspendu</translation>
    </message>
    <message>
        <source>◐ cooling down</source>
        <translation>◐ en refroidissement</translation>
    </message>
    <message>
        <source>● healthy</source>
        <translation>● sain</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>Modality</source>
        <translation>Modalité</translation>
    </message>
    <message>
        <source>Pool · %1</source>
        <translation>Pool · %1</translation>
    </message>
    <message>
        <source>Direct</source>
        <translation>Direct</translation>
    </message>
    <message>
        <source>chat</source>
        <translation>chat</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>embedding</translation>
    </message>
    <message>
        <source>Disabled: calls naming %1 are refused.</source>
        <translation>Désactivé : les appels désignant %1 sont refusés.</translation>
    </message>
    <message>
        <source>Some deployments are cooling down after a failure.</source>
        <translation>Certains déploiements refroidissent après un échec.</translation>
    </message>
    <message>
        <source>Healthy: no deployment is cooling down.</source>
        <translation>Sain : aucun déploiement en refroidissement.</translation>
    </message>
    <message>
        <source>Routing and health</source>
        <translation>Routage et santé</translation>
    </message>
    <message>
        <source>Drain</source>
        <translation>Suspendre</translation>
    </message>
    <message>
        <source>Re-enable</source>
        <translation>Réactiver</translation>
    </message>
    <message>
        <source>Stop sending calls to the selected deployment until re-enabled</source>
        <translation>Ne plus envoyer d’appels au déploiement sélectionné jusqu’à sa réactivation</translation>
    </message>
    <message>
        <source>Send calls to the selected deployment again and end its cooldown</source>
        <translation>Envoyer de nouveau des appels au déploiement sélectionné et mettre fin à son refroidissement</translation>
    </message>
    <message>
        <source>This model is new: save it to route calls to it.</source>
        <translation>Ce modèle est nouveau : enregistrez-le pour y router des appels.</translation>
    </message>
    <message>
        <source>Unsaved changes to this model take effect when saved.</source>
        <translation>Les modifications non enregistrées de ce modèle prennent effet à l’enregistrement.</translation>
    </message>
    <message>
        <source>The gateway is not running.</source>
        <translation>La passerelle n’est pas en marche.</translation>
    </message>
    <message>
        <source>Select a deployment first.</source>
        <translation>Sélectionnez d’abord un déploiement.</translation>
    </message>
    <message>
        <source>Stop sending calls to the selected deployment</source>
        <translation>Ne plus envoyer d’appels au déploiement sélectionné</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
    <message>
        <source>Override</source>
        <translation>Personnalisé</translation>
    </message>
    <message>
        <source>e.g. us-east-1</source>
        <translation>ex. us-east-1</translation>
    </message>
    <message>
        <source>Deployment pool</source>
        <translation>Pool de déploiements</translation>
    </message>
    <message>
        <source>Offerings, tried in this order</source>
        <translation>Offres, essayées dans cet ordre</translation>
    </message>
    <message>
        <source>Recovery</source>
        <translation>Reprise</translation>
    </message>
    <message>
        <source>Search models…</source>
        <translation>Rechercher des modèles…</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nouveau</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Dupliquer</translation>
    </message>
    <message>
        <source>Disable</source>
        <translation>Désactiver</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Vue d’ensemble</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Réglages</translation>
    </message>
    <message>
        <source>%1 is a deployment in the pool of %2; remove it there first.</source>
        <translation>%1 est un déploiement du pool de %2 ; retirez-le d’abord de ce pool.</translation>
    </message>
    <message>
        <source>%1 is the target of the alias %2; point the alias elsewhere first.</source>
        <translation>%1 est la cible de l’alias %2 ; faites d’abord pointer l’alias ailleurs.</translation>
    </message>
    <message>
        <source>No model selected</source>
        <translation>Aucun modèle sélectionné</translation>
    </message>
    <message>
        <source>New model</source>
        <translation>Nouveau modèle</translation>
    </message>
    <message>
        <source>Name (namespace/id), e.g. openai-2/gpt-4o:</source>
        <translation>Nom (espace de noms/id), par ex. openai-2/gpt-4o :</translation>
    </message>
    <message>
        <source>A model named %1 exists already.</source>
        <translation>Un modèle nommé %1 existe déjà.</translation>
    </message>
    <message>
        <source>Enable %1 models</source>
        <translation>Activer %1 modèles</translation>
    </message>
    <message>
        <source>Disable %1 models</source>
        <translation>Désactiver %1 modèles</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>Supprimer le modèle</translation>
    </message>
    <message>
        <source>Enable</source>
        <translation>Activer</translation>
    </message>
    <message>
        <source>Delete the selected model (undoable until saved)</source>
        <translation>Supprimer le modèle sélectionné (annulable jusqu’à l’enregistrement)</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Monter</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Descendre</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Outils</translation>
    </message>
    <message>
        <source>Structured output</source>
        <translation>Sortie structurée</translation>
    </message>
    <message>
        <source>Vision</source>
        <translation>Vision</translation>
    </message>
    <message>
        <source>Certified</source>
        <translation>Certifié</translation>
    </message>
    <message>
        <source>not listed</source>
        <translation>non indiqué</translation>
    </message>
    <message>
        <source>web search tool versions, comma-separated</source>
        <translation>versions de l’outil de recherche web, séparées par des virgules</translation>
    </message>
    <message>
        <source>Upstream model</source>
        <translation>Modèle amont</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Précision</translation>
    </message>
    <message>
        <source>Capabilities</source>
        <translation>Capacités</translation>
    </message>
    <message>
        <source>Web search</source>
        <translation>Recherche web</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>outils</translation>
    </message>
    <message>
        <source>structured output</source>
        <translation>sortie structurée</translation>
    </message>
    <message>
        <source>vision</source>
        <translation>vision</translation>
    </message>
    <message>
        <source>uncertified</source>
        <translation>non certifié</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Direct (default)</source>
        <translation>Direct (par défaut)</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>Add deployment</source>
        <translation>Ajouter un déploiement</translation>
    </message>
    <message>
        <source>any region, or e.g. us-east-1, us-west-2</source>
        <translation>toute région, ou par ex. us-east-1, us-west-2</translation>
    </message>
    <message>
        <source>Allowed regions</source>
        <translation>Régions autorisées</translation>
    </message>
    <message>
        <source>Deployment %1</source>
        <translation>Déploiement %1</translation>
    </message>
    <message>
        <source>Weight %1</source>
        <translation>Poids %1</translation>
    </message>
    <message>
        <source>Remove this deployment</source>
        <translation>Retirer ce déploiement</translation>
    </message>
    <message>
        <source>(%1 of %2)</source>
        <translation>(%1 sur %2)</translation>
    </message>
    <message>
        <source>A pool holds at most %1 deployments.</source>
        <translation>Un pool contient au plus %1 déploiements.</translation>
    </message>
    <message>
        <source>No other enabled, unpooled %1 model is left to add.</source>
        <translation>Il ne reste aucun autre modèle %1 activé et hors pool à ajouter.</translation>
    </message>
    <message>
        <source>Add a row for another deployment</source>
        <translation>Ajouter une ligne pour un autre déploiement</translation>
    </message>
    <message>
        <source>Deadline, ms</source>
        <translation>Délai, ms</translation>
    </message>
    <message>
        <source>Backoff, ms</source>
        <translation>Backoff, ms</translation>
    </message>
    <message>
        <source>first wait; at most the longest</source>
        <translation>première attente ; au plus la plus longue</translation>
    </message>
    <message>
        <source>to</source>
        <translation>à</translation>
    </message>
    <message>
        <source>Cooldown, ms</source>
        <translation>Refroidissement, ms</translation>
    </message>
    <message>
        <source>no probes yet</source>
        <translation>pas encore de sondes</translation>
    </message>
    <message>
        <source>%1 of %2 (%3%)</source>
        <translation>%1 sur %2 (%3 %)</translation>
    </message>
    <message>
        <source>structured</source>
        <translation>structurée</translation>
    </message>
    <message>
        <source>text only</source>
        <translation>texte seul</translation>
    </message>
    <message>
        <source>unknown connection</source>
        <translation>connexion inconnue</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <source>Create provider %1</source>
        <translation>Créer le fournisseur %1</translation>
    </message>
    <message>
        <source>Edit provider %1: %2</source>
        <translation>Modifier le fournisseur %1 : %2</translation>
    </message>
    <message>
        <source>#</source>
        <translation>n°</translation>
    </message>
    <message>
        <source>Tool probes</source>
        <translation>Sondes d’outils</translation>
    </message>
    <message>
        <source>Structured probes</source>
        <translation>Sondes structurées</translation>
    </message>
    <message>
        <source>Offerings of Direct models, in their fixed order (edit them under Models → Settings)</source>
        <translation>Offres des modèles directs, dans leur ordre fixe (à modifier sous Modèles → Réglages)</translation>
    </message>
    <message>
        <source>Providers and their data policy</source>
        <translation>Fournisseurs et leur politique de données</translation>
    </message>
    <message>
        <source>ZDR</source>
        <translation>ZDR</translation>
    </message>
    <message>
        <source>No training</source>
        <translation>Sans entraînement</translation>
    </message>
    <message>
        <source>Source of these facts</source>
        <translation>Source de ces informations</translation>
    </message>
    <message>
        <source>Zero data retention</source>
        <translation>Aucune conservation des données</translation>
    </message>
    <message>
        <source>new provider id, e.g. together</source>
        <translation>nouvel identifiant de fournisseur, par ex. together</translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation>Ajouter un fournisseur</translation>
    </message>
    <message>
        <source>Does not train on prompts</source>
        <translation>N’entraîne pas sur les prompts</translation>
    </message>
    <message>
        <source>provider listing 2026-11-01, set by hand, …</source>
        <translation>liste du fournisseur 2026-11-01, saisi à la main, …</translation>
    </message>
    <message>
        <source>requireZdr and requireNoTraining directives skip providers without these facts (no_zdr, no_training on the receipt).</source>
        <translation>Les directives requireZdr et requireNoTraining ignorent les fournisseurs sans ces informations (no_zdr, no_training sur le reçu).</translation>
    </message>
    <message>
        <source>Display name</source>
        <translation>Nom affiché</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>non indiqué</translation>
    </message>
    <message>
        <source>Provider %1</source>
        <translation>Fournisseur %1</translation>
    </message>
    <message>
        <source>No provider selected</source>
        <translation>Aucun fournisseur sélectionné</translation>
    </message>
    <message>
        <source>A provider id is 1–64 lowercase letters, digits, &apos;.&apos;, &apos;-&apos; or &apos;_&apos;.</source>
        <translation>Un identifiant de fournisseur compte de 1 à 64 lettres minuscules, chiffres, &apos;.&apos;, &apos;-&apos; ou &apos;_&apos;.</translation>
    </message>
    <message>
        <source>Provider %1 already exists.</source>
        <translation>Le fournisseur %1 existe déjà.</translation>
    </message>
    <message>
        <source>set by hand</source>
        <translation>saisi à la main</translation>
    </message>
    <message>
        <source>Switchboard studio</source>
        <translation>Studio Switchboard</translation>
    </message>
    <message>
        <source>Do not start the embedded gateway.</source>
        <translation>Ne pas démarrer la passerelle intégrée.</translation>
    </message>
    <message>
        <source>Render every screen into DIR and exit.</source>
        <translation>Rendre chaque écran dans DIR puis quitter.</translation>
    </message>
    <message>
        <source>refused before any attempt</source>
        <translation>refusé avant toute tentative</translation>
    </message>
    <message>
        <source>Failed calls by error class</source>
        <translation>Appels échoués par classe d’erreur</translation>
    </message>
    <message>
        <source>Attempts per call</source>
        <translation>Tentatives par appel</translation>
    </message>
    <message>
        <source>Served</source>
        <translation>Servis</translation>
    </message>
    <message>
        <source>%1 · %2: %3</source>
        <translation>%1 · %2 : %3</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Mean attempts</source>
        <translation>Tentatives moyennes</translation>
    </message>
    <message>
        <source>Failed calls by error class: none</source>
        <translation>Appels échoués par classe d’erreur : aucun</translation>
    </message>
    <message>
        <source>&amp;Window</source>
        <translation>&amp;Période</translation>
    </message>
    <message>
        <source>&amp;By</source>
        <translation>&amp;Par</translation>
    </message>
    <message>
        <source>Model %1</source>
        <translation>Modèle %1</translation>
    </message>
    <message>
        <source>Connection %1</source>
        <translation>Connexion %1</translation>
    </message>
    <message>
        <source>All calls</source>
        <translation>Tous les appels</translation>
    </message>
    <message>
        <source>The dashboard cannot be shown: %1</source>
        <translation>Impossible d’afficher le tableau de bord : %1</translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Tableau de bord</translation>
    </message>
    <message numerus="yes">
        <source>%Ln attempts</source>
        <translation>
            <numerusform>%Ln tentative</numerusform>
            <numerusform>%Ln tentatives</numerusform>
        </translation>
    </message>
    <message>
        <source>Set recovery default</source>
        <translation>Définir la reprise par défaut</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(aucun)</translation>
    </message>
    <message>
        <source>the caller hung up</source>
        <translation>l’appelant a raccroché</translation>
    </message>
    <message>
        <source>the deadline passed</source>
        <translation>le délai est dépassé</translation>
    </message>
    <message>
        <source>%1 before an answer is transient</source>
        <translation>%1 avant une réponse est transitoire</translation>
    </message>
    <message>
        <source>the upstream stopped answering after it had started</source>
        <translation>l’amont a cessé de répondre après avoir commencé</translation>
    </message>
    <message>
        <source>the reply could not be decoded</source>
        <translation>la réponse n’a pas pu être décodée</translation>
    </message>
    <message>
        <source>content refusal is final</source>
        <translation>un refus de contenu est définitif</translation>
    </message>
    <message>
        <source>%1 is transient</source>
        <translation>%1 est transitoire</translation>
    </message>
    <message>
        <source>%1: the upstream rejected the credential</source>
        <translation>%1 : l’amont a rejeté les identifiants</translation>
    </message>
    <message>
        <source>%1 is the caller&apos;s error</source>
        <translation>%1 est une erreur de l’appelant</translation>
    </message>
    <message>
        <source>the answer had started reaching the caller</source>
        <translation>la réponse avait commencé à parvenir à l’appelant</translation>
    </message>
    <message>
        <source>no answer is transient</source>
        <translation>aucune réponse est transitoire</translation>
    </message>
    <message>
        <source>retried: %1</source>
        <translation>réessayé : %1</translation>
    </message>
    <message>
        <source>final: %1</source>
        <translation>définitif : %1</translation>
    </message>
    <message>
        <source>final: %1, but %2</source>
        <translation>définitif : %1, mais %2</translation>
    </message>
    <message>
        <source>no attempt is left</source>
        <translation>il ne reste aucune tentative</translation>
    </message>
    <message>
        <source>the last attempt is reserved for fallback</source>
        <translation>la dernière tentative est réservée au repli</translation>
    </message>
    <message>
        <source>the next wait would not fit the deadline</source>
        <translation>la prochaine attente ne tiendrait pas dans le délai</translation>
    </message>
    <message>
        <source>%1 has no candidate left</source>
        <translation>%1 n’a plus de candidat</translation>
    </message>
    <message>
        <source>every candidate of %1 is cooling down</source>
        <translation>tous les candidats de %1 sont en refroidissement</translation>
    </message>
    <message>
        <source>drained by hand</source>
        <translation>suspendu à la main</translation>
    </message>
    <message>
        <source>cooling down for %1 ms more</source>
        <translation>en refroidissement encore %1 ms</translation>
    </message>
    <message>
        <source>serving region %1 is not in the pool&apos;s allowed regions %2</source>
        <translation>la région de service %1 ne fait pas partie des régions autorisées %2 du pool</translation>
    </message>
    <message>
        <source>serving region %1 is not in the request&apos;s regions %2</source>
        <translation>la région de service %1 ne fait pas partie des régions %2 de la requête</translation>
    </message>
    <message>
        <source>model modality is %1, the call needs %2</source>
        <translation>la modalité du modèle est %1, l’appel nécessite %2</translation>
    </message>
    <message>
        <source>its connection (%1) does not serve %2</source>
        <translation>sa connexion (%1) ne sert pas %2</translation>
    </message>
    <message>
        <source>does not support tools</source>
        <translation>ne prend pas en charge les outils</translation>
    </message>
    <message>
        <source>does not support structured output</source>
        <translation>ne prend pas en charge la sortie structurée</translation>
    </message>
    <message>
        <source>does not support vision</source>
        <translation>ne prend pas en charge la vision</translation>
    </message>
    <message>
        <source>does not support web search tool %1</source>
        <translation>ne prend pas en charge l’outil de recherche web %1</translation>
    </message>
    <message>
        <source>offering is not certified</source>
        <translation>l’offre n’est pas certifiée</translation>
    </message>
    <message>
        <source>provider %1 is not allowed by the %2 directives</source>
        <translation>le fournisseur %1 n’est pas autorisé par les directives (%2)</translation>
    </message>
    <message>
        <source>provider %1 is not listed with zero data retention</source>
        <translation>le fournisseur %1 n’est pas listé comme sans conservation des données</translation>
    </message>
    <message>
        <source>provider %1 is not listed as not training on prompts</source>
        <translation>le fournisseur %1 n’est pas listé comme n’entraînant pas sur les prompts</translation>
    </message>
    <message>
        <source>listed precision %1 is below the minimum %2</source>
        <translation>la précision indiquée %1 est inférieure au minimum %2</translation>
    </message>
    <message>
        <source>model %1 is off</source>
        <translation>le modèle %1 est désactivé</translation>
    </message>
    <message>
        <source>model %1 does not exist</source>
        <translation>le modèle %1 n’existe pas</translation>
    </message>
    <message>
        <source>connection %1 does not exist</source>
        <translation>la connexion %1 n’existe pas</translation>
    </message>
    <message>
        <source>connection %1 is off</source>
        <translation>la connexion %1 est désactivée</translation>
    </message>
    <message>
        <source>a pooled model cannot be a deployment</source>
        <translation>un modèle en pool ne peut pas être un déploiement</translation>
    </message>
    <message>
        <source>model %1 has no offerings</source>
        <translation>le modèle %1 n’a aucune offre</translation>
    </message>
    <message>
        <source>passed %1 of %2 recent probes</source>
        <translation>%1 des %2 dernières sondes réussies</translation>
    </message>
    <message>
        <source>no level requires it</source>
        <translation>aucun niveau ne l’exige</translation>
    </message>
    <message>
        <source>any level turns it on</source>
        <translation>tout niveau peut l’activer</translation>
    </message>
    <message>
        <source>highest precision applies</source>
        <translation>la précision la plus élevée s’applique</translation>
    </message>
    <message>
        <source>lowest cap applies</source>
        <translation>le plafond le plus bas s’applique</translation>
    </message>
    <message>
        <source>turned off at this level</source>
        <translation>désactivé à ce niveau</translation>
    </message>
    <message>
        <source>preset alias&apos;s list applies</source>
        <translation>la liste du préréglage d’alias s’applique</translation>
    </message>
    <message>
        <source>team decides fallback (unset is off)</source>
        <translation>l’équipe décide du repli (non défini : désactivé)</translation>
    </message>
    <message>
        <source>team allows fallback</source>
        <translation>l’équipe autorise le repli</translation>
    </message>
    <message>
        <source>no level names fallback models</source>
        <translation>aucun niveau ne nomme de modèles de repli</translation>
    </message>
    <message>
        <source>most specific level&apos;s list applies</source>
        <translation>la liste du niveau le plus spécifique s’applique</translation>
    </message>
    <message>
        <source>no such model</source>
        <translation>modèle inexistant</translation>
    </message>
    <message>
        <source>it is the requested model</source>
        <translation>c’est le modèle demandé</translation>
    </message>
    <message>
        <source>the model is off</source>
        <translation>le modèle est désactivé</translation>
    </message>
    <message>
        <source>not allowed by the directives</source>
        <translation>non autorisé par les directives</translation>
    </message>
    <message>
        <source>different modality</source>
        <translation>modalité différente</translation>
    </message>
    <message>
        <source>its context window is too small for the request</source>
        <translation>sa fenêtre de contexte est trop petite pour la requête</translation>
    </message>
    <message>
        <source>can take attempts the requested model leaves</source>
        <translation>peut prendre les tentatives que le modèle demandé laisse</translation>
    </message>
    <message>
        <source>no candidate can serve the request now</source>
        <translation>aucun candidat ne peut servir la requête maintenant</translation>
    </message>
    <message>
        <source>deadline %1 ms</source>
        <translation>délai %1 ms</translation>
    </message>
    <message>
        <source>backoff %1 to %2 ms</source>
        <translation>backoff de %1 à %2 ms</translation>
    </message>
    <message>
        <source>cooldown %1 ms</source>
        <translation>refroidissement %1 ms</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Recovery is overridden: %1.</source>
        <translation>La reprise est personnalisée : %1.</translation>
    </message>
    <message>
        <source>Recovery uses the defaults: %1.</source>
        <translation>La reprise utilise les valeurs par défaut : %1.</translation>
    </message>
    <message>
        <source>This model is off: calls naming it get 403 model_disabled.</source>
        <translation>Ce modèle est désactivé : les appels qui le désignent reçoivent 403 model_disabled.</translation>
    </message>
    <message>
        <source>Pool with no deployments yet: calls fail until one is added.</source>
        <translation>Pool encore sans déploiement : les appels échouent jusqu’à ce qu’un déploiement soit ajouté.</translation>
    </message>
    <message>
        <source>Weighted across 1 deployment, in any region.</source>
        <translation>Pondéré sur 1 déploiement, dans toute région.</translation>
    </message>
    <message numerus="yes">
        <source>Weighted across %Ln deployments, in any region.</source>
        <translation>
            <numerusform>Pondéré sur %Ln déploiement, dans toute région.</numerusform>
            <numerusform>Pondéré sur %Ln déploiements, dans toute région.</numerusform>
        </translation>
    </message>
    <message>
        <source>Weighted across 1 deployment, only in %1.</source>
        <translation>Pondéré sur 1 déploiement, uniquement dans %1.</translation>
    </message>
    <message numerus="yes">
        <source>Weighted across %Ln deployments, only in %1.</source>
        <translation>
            <numerusform>Pondéré sur %Ln déploiement, uniquement dans %1.</numerusform>
            <numerusform>Pondéré sur %Ln déploiements, uniquement dans %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Direct, with no offerings yet: calls fail until one is added.</source>
        <translation>Direct, encore sans offre : les appels échouent jusqu’à ce qu’une offre soit ajoutée.</translation>
    </message>
    <message>
        <source>Direct to 1 offering: %1.</source>
        <translation>Direct vers 1 offre : %1.</translation>
    </message>
    <message numerus="yes">
        <source>Direct to %Ln offerings, tried in a fixed order.</source>
        <translation>
            <numerusform>Direct vers %Ln offre, essayée dans un ordre fixe.</numerusform>
            <numerusform>Direct vers %Ln offres, essayées dans un ordre fixe.</numerusform>
        </translation>
    </message>
    <message>
        <source>Serves from %1 (overridden).</source>
        <translation>Servi depuis %1 (personnalisé).</translation>
    </message>
    <message>
        <source>Deployment in %1.</source>
        <translation>Déploiement dans %1.</translation>
    </message>
    <message>
        <source>connect timeout %1 ms</source>
        <translation>délai de connexion %1 ms</translation>
    </message>
    <message>
        <source>stream start timeout %1 ms</source>
        <translation>délai de début de flux %1 ms</translation>
    </message>
    <message>
        <source>stream idle timeout %1 ms</source>
        <translation>délai d’inactivité du flux %1 ms</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 et %2</translation>
    </message>
    <message>
        <source>%1 to %2, including the first; 1 turns retries off</source>
        <translation>de %1 à %2, première comprise ; 1 : sans reprise</translation>
    </message>
    <message>
        <source>%1 to %2, the whole request</source>
        <translation>de %1 à %2, pour toute la requête</translation>
    </message>
    <message>
        <source>longest wait, %1 to %2</source>
        <translation>attente la plus longue, de %1 à %2</translation>
    </message>
    <message>
        <source>%1 to %2; a failed deployment is skipped</source>
        <translation>de %1 à %2 ; un déploiement en échec est ignoré</translation>
    </message>
    <message>
        <source>Connect timeout, ms</source>
        <translation>Délai de connexion, ms</translation>
    </message>
    <message>
        <source>%1 to %2, every attempt</source>
        <translation>de %1 à %2, pour chaque tentative</translation>
    </message>
    <message>
        <source>Stream start timeout, ms</source>
        <translation>Délai de début de flux, ms</translation>
    </message>
    <message>
        <source>%1 to %2; a stream&apos;s wait for its status line</source>
        <translation>de %1 à %2 ; attente d’un flux pour sa ligne d’état</translation>
    </message>
    <message>
        <source>Stream idle timeout, ms</source>
        <translation>Délai d’inactivité du flux, ms</translation>
    </message>
    <message>
        <source>%1 to %2; silence once a stream has started</source>
        <translation>de %1 à %2 ; silence une fois un flux commencé</translation>
    </message>
    <message>
        <source>PEM file, for a self-hosted https server (optional)</source>
        <translation>Fichier PEM, pour un serveur https auto-hébergé (facultatif)</translation>
    </message>
    <message>
        <source>CA certificates trusted for this connection besides the system&apos;s.</source>
        <translation>Certificats CA approuvés pour cette connexion en plus de ceux du système.</translation>
    </message>
    <message>
        <source>CA file</source>
        <translation>Fichier CA</translation>
    </message>
    <message>
        <source>Up to %1, deadline %2 ms.</source>
        <translation>Jusqu’à %1, délai %2 ms.</translation>
    </message>
    <message>
        <source>Up to %1, deadline %2 ms, %3.</source>
        <translation>Jusqu’à %1, délai %2 ms, %3.</translation>
    </message>
    <message>
        <source>Every candidate is cooling down: the call waits for the earliest if that fits the deadline.</source>
        <translation>Tous les candidats sont en refroidissement : l’appel attend le plus proche si cela tient dans le délai.</translation>
    </message>
    <message>
        <source>This model&apos;s own settings replace the workspace&apos;s recovery defaults.</source>
        <translation>Les réglages propres à ce modèle remplacent la reprise par défaut de l’espace de travail.</translation>
    </message>
    <message>
        <source>The workspace&apos;s recovery defaults apply; edit them in Workspace settings, or choose Override.</source>
        <translation>La reprise par défaut de l’espace de travail s’applique ; modifiez-la sous « Espace de travail », ou choisissez Personnalisé.</translation>
    </message>
    <message>
        <source>Restore the standard values</source>
        <translation>Rétablir les valeurs standard</translation>
    </message>
    <message>
        <source>Every model whose recovery is Default uses these settings; a model&apos;s Override replaces them for that model.</source>
        <translation>Tout modèle dont la reprise est « Par défaut » utilise ces réglages ; « Personnalisé » les remplace pour ce modèle.</translation>
    </message>
    <message>
        <source>Set every recovery default back to the value Switchboard ships with.</source>
        <translation>Remettre chaque valeur de reprise par défaut à celle livrée avec Switchboard.</translation>
    </message>
    <message>
        <source>Models on Default recovery: %1 of %2.</source>
        <translation>Modèles en reprise par défaut : %1 sur %2.</translation>
    </message>
    <message>
        <source>Restore the standard recovery defaults</source>
        <translation>Rétablir la reprise par défaut standard</translation>
    </message>
    <message>
        <source>Gateway address: 127.0.0.1:8640 (default), [::1]:8640, localhost:8640, 0.0.0.0:8640.</source>
        <translation>Adresse de la passerelle : 127.0.0.1:8640 (par défaut), [::1]:8640, localhost:8640, 0.0.0.0:8640.</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s): %1</source>
        <translation>
            <numerusform>%n modification : %1</numerusform>
            <numerusform>%n modifications : %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n modification</numerusform>
            <numerusform>%n modifications</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>There are %n unsaved change(s). Save them first?</source>
        <translation>
            <numerusform>Il y a %n modification non enregistrée. L’enregistrer d’abord ?</numerusform>
            <numerusform>Il y a %n modifications non enregistrées. Les enregistrer d’abord ?</numerusform>
        </translation>
    </message>
    <message>
        <source>Weight of %1</source>
        <translation>Poids de %1</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>non défini</translation>
    </message>
    <message>
        <source>Add deployment %1 (weight %2)</source>
        <translation>Ajouter le déploiement %1 (poids %2)</translation>
    </message>
    <message>
        <source>Remove deployment %1</source>
        <translation>Retirer le déploiement %1</translation>
    </message>
    <message>
        <source>any</source>
        <translation>tout</translation>
    </message>
    <message>
        <source>empty list</source>
        <translation>liste vide</translation>
    </message>
    <message>
        <source>Policy source</source>
        <translation>Source de la politique</translation>
    </message>
    <message>
        <source>Aggregator</source>
        <translation>Agrégateur</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>Jetons par seconde</translation>
    </message>
    <message>
        <source>Retry-After, s</source>
        <translation>Retry-After, s</translation>
    </message>
    <message>
        <source>Stream cut after events</source>
        <translation>Coupure du flux après (événements)</translation>
    </message>
    <message>
        <source>Preset defaults</source>
        <translation>Valeurs préréglées</translation>
    </message>
    <message>
        <source>Deprecation date</source>
        <translation>Date d’obsolescence</translation>
    </message>
    <message>
        <source>Input price per 1M tokens</source>
        <translation>Prix d’entrée par million de jetons</translation>
    </message>
    <message>
        <source>Output price per 1M tokens</source>
        <translation>Prix de sortie par million de jetons</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>Fenêtre de contexte</translation>
    </message>
    <message>
        <source>Deployment order</source>
        <translation>Ordre des déploiements</translation>
    </message>
    <message>
        <source>Precision of offering %1</source>
        <translation>Précision de l’offre %1</translation>
    </message>
    <message>
        <source>Tools of offering %1</source>
        <translation>Outils de l’offre %1</translation>
    </message>
    <message>
        <source>Structured output of offering %1</source>
        <translation>Sortie structurée de l’offre %1</translation>
    </message>
    <message>
        <source>Vision of offering %1</source>
        <translation>Vision de l’offre %1</translation>
    </message>
    <message>
        <source>Web search tool versions of offering %1</source>
        <translation>Versions de l’outil de recherche web de l’offre %1</translation>
    </message>
    <message>
        <source>Certified of offering %1</source>
        <translation>Certification de l’offre %1</translation>
    </message>
    <message>
        <source>Probe results of offering %1</source>
        <translation>Résultats des sondes de l’offre %1</translation>
    </message>
    <message>
        <source>Offering order</source>
        <translation>Ordre des offres</translation>
    </message>
    <message>
        <source>tools %1/%2, structured output %3/%4</source>
        <translation>outils %1/%2, sortie structurée %3/%4</translation>
    </message>
    <message>
        <source>Create connection %1</source>
        <translation>Créer la connexion %1</translation>
    </message>
    <message>
        <source>Create alias %1 → %2</source>
        <translation>Créer l’alias %1 → %2</translation>
    </message>
    <message>
        <source>Create project %1</source>
        <translation>Créer le projet %1</translation>
    </message>
    <message>
        <source>Create key %1 (project %2)</source>
        <translation>Créer la clé %1 (projet %2)</translation>
    </message>
    <message>
        <source>Create workspace %1</source>
        <translation>Créer l’espace de travail %1</translation>
    </message>
    <message>
        <source>Create %1</source>
        <translation>Créer %1</translation>
    </message>
    <message>
        <source>Delete provider %1</source>
        <translation>Supprimer le fournisseur %1</translation>
    </message>
    <message>
        <source>Delete connection %1</source>
        <translation>Supprimer la connexion %1</translation>
    </message>
    <message>
        <source>Delete project %1</source>
        <translation>Supprimer le projet %1</translation>
    </message>
    <message>
        <source>Delete key %1</source>
        <translation>Supprimer la clé %1</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>Supprimer %1</translation>
    </message>
    <message>
        <source>Serving region: Default → Override (%1)</source>
        <translation>Région de service : Par défaut → Personnalisée (%1)</translation>
    </message>
    <message>
        <source>Serving region: Override (%1) → Default</source>
        <translation>Région de service : Personnalisée (%1) → Par défaut</translation>
    </message>
    <message>
        <source>Serving region: %1 → %2</source>
        <translation>Région de service : %1 → %2</translation>
    </message>
    <message>
        <source>Credential: changed</source>
        <translation>Identifiants : modifiés</translation>
    </message>
    <message>
        <source>Secret: changed</source>
        <translation>Secret : modifié</translation>
    </message>
    <message>
        <source>Revoke key %1</source>
        <translation>Révoquer la clé %1</translation>
    </message>
    <message>
        <source>Reactivate key %1</source>
        <translation>Réactiver la clé %1</translation>
    </message>
    <message>
        <source>Recovery: Default → Override</source>
        <translation>Reprise : Par défaut → Personnalisée</translation>
    </message>
    <message>
        <source>Recovery: Override → Default</source>
        <translation>Reprise : Personnalisée → Par défaut</translation>
    </message>
    <message>
        <source>Add offering %1 (%2)</source>
        <translation>Ajouter l’offre %1 (%2)</translation>
    </message>
    <message>
        <source>Remove offering %1 (%2)</source>
        <translation>Retirer l’offre %1 (%2)</translation>
    </message>
    <message>
        <source>Directives: project %1</source>
        <translation>Directives : projet %1</translation>
    </message>
    <message>
        <source>Directives: key %1</source>
        <translation>Directives : clé %1</translation>
    </message>
    <message>
        <source>Directives: workspace</source>
        <translation>Directives : espace de travail</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Espace de travail</translation>
    </message>
    <message>
        <source>Alias %1</source>
        <translation>Alias %1</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1 : %2 → %3</translation>
    </message>
    <message numerus="yes">
        <source>Runs as %1, a pool of %n eligible deployment(s).</source>
        <translation>
            <numerusform>Passe par %1, un pool de %n déploiement éligible.</numerusform>
            <numerusform>Passe par %1, un pool de %n déploiements éligibles.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Runs as %1, %n eligible offering(s).</source>
        <translation>
            <numerusform>Passe par %1, %n offre éligible.</numerusform>
            <numerusform>Passe par %1, %n offres éligibles.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Alias %1 runs as %2, a pool of %n eligible deployment(s).</source>
        <translation>
            <numerusform>L’alias %1 passe par %2, un pool de %n déploiement éligible.</numerusform>
            <numerusform>L’alias %1 passe par %2, un pool de %n déploiements éligibles.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Alias %1 runs as %2, %n eligible offering(s).</source>
        <translation>
            <numerusform>L’alias %1 passe par %2, %n offre éligible.</numerusform>
            <numerusform>L’alias %1 passe par %2, %n offres éligibles.</numerusform>
        </translation>
    </message>
    <message>
        <source>the directives of project %1</source>
        <translation>les directives du projet %1</translation>
    </message>
    <message>
        <source>the directives of key %1</source>
        <translation>les directives de la clé %1</translation>
    </message>
    <message>
        <source>the workspace directives</source>
        <translation>les directives de l’espace de travail</translation>
    </message>
    <message>
        <source>%1 replaces the deprecated alias %2; name another replacement first.</source>
        <translation>%1 remplace l’alias obsolète %2 ; indiquez d’abord un autre remplaçant.</translation>
    </message>
    <message>
        <source>%1 is a fallback model of the alias %2; remove it there first.</source>
        <translation>%1 est un modèle de repli de l’alias %2 ; retirez-le d’abord de cette liste.</translation>
    </message>
    <message>
        <source>%1 is an allowed model of %2; remove it there first.</source>
        <translation>%1 est un modèle autorisé de %2 ; retirez-le d’abord de cette liste.</translation>
    </message>
    <message>
        <source>%1 is a fallback model of %2; remove it there first.</source>
        <translation>%1 est un modèle de repli de %2 ; retirez-le d’abord de cette liste.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a model name: it must have the form namespace/id, e.g. openai-2/gpt-4o.</source>
        <translation>« %1 » n’est pas un nom de modèle : il doit avoir la forme espace-de-noms/id, par ex. openai-2/gpt-4o.</translation>
    </message>
    <message>
        <source>An alias is named %1; a model cannot share its name.</source>
        <translation>Un alias s’appelle %1 ; un modèle ne peut pas porter le même nom.</translation>
    </message>
    <message>
        <source>Weight from %1 to %2</source>
        <translation>Poids de %1 à %2</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Préférences…</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>Préférences</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>Système (%1)</translation>
    </message>
    <message>
        <source>A new language shows when Switchboard starts again.</source>
        <translation>Une nouvelle langue s’affiche au prochain démarrage de Switchboard.</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Sombre</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Thème</translation>
    </message>
    <message>
        <source>Where the embedded gateway listens the next time it starts: 127.0.0.1:8640, [::1]:8640, localhost:8640, or port 0 for any free port.</source>
        <translation>Adresse d’écoute de la passerelle intégrée à son prochain démarrage : 127.0.0.1:8640, [::1]:8640, localhost:8640, ou le port 0 pour tout port libre.</translation>
    </message>
    <message>
        <source>Gateway address</source>
        <translation>Adresse de la passerelle</translation>
    </message>
    <message>
        <source>Receipts</source>
        <translation>Reçus</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Base de données</translation>
    </message>
    <message>
        <source>Keep every receipt</source>
        <translation>Conserver tous les reçus</translation>
    </message>
    <message>
        <source>Keep the receipts of the last days</source>
        <translation>Conserver les reçus des derniers jours</translation>
    </message>
    <message>
        <source>Keep the newest receipts</source>
        <translation>Conserver les reçus les plus récents</translation>
    </message>
    <message>
        <source>Older receipts are deleted in the background, now and then every hour, while calls go on.</source>
        <translation>Les reçus plus anciens sont supprimés en arrière-plan, maintenant puis toutes les heures, pendant que les appels continuent.</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Choisir…</translation>
    </message>
    <message>
        <source> days</source>
        <translation> jours</translation>
    </message>
    <message>
        <source> receipts</source>
        <translation> reçus</translation>
    </message>
    <message>
        <source>In use now.</source>
        <translation>En cours d’utilisation.</translation>
    </message>
    <message>
        <source>Opened at the next start; in use now: %1</source>
        <translation>Ouverte au prochain démarrage ; en cours d’utilisation : %1</translation>
    </message>
    <message>
        <source>Database for the next start</source>
        <translation>Base de données pour le prochain démarrage</translation>
    </message>
    <message>
        <source>Switchboard database (*.sqlite *.db);;All files (*)</source>
        <translation>Base de données Switchboard (*.sqlite *.db);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>“%1” is not an address the gateway can listen on: write HOST:PORT with an IP address or localhost and a port from 0 to 65535, such as 127.0.0.1:8640.</source>
        <translation>« %1 » n’est pas une adresse sur laquelle la passerelle peut écouter : écrivez HÔTE:PORT avec une adresse IP ou localhost et un port de 0 à 65535, par exemple 127.0.0.1:8640.</translation>
    </message>
    <message>
        <source>⚠ Cannot write receipts: %1 waiting in memory</source>
        <translation>⚠ Impossible d’écrire les reçus : %1 en attente en mémoire</translation>
    </message>
    <message>
        <source>⚠ 1 receipt dropped</source>
        <translation>⚠ 1 reçu abandonné</translation>
    </message>
    <message>
        <source>⚠ %1 receipts dropped</source>
        <translation>⚠ %1 reçus abandonnés</translation>
    </message>
    <message>
        <source>Order of the calls (or click a column header)</source>
        <translation>Ordre des appels (ou cliquez sur un en-tête de colonne)</translation>
    </message>
    <message>
        <source>Reading calls…</source>
        <translation>Lecture des appels…</translation>
    </message>
    <message>
        <source>Sorting calls…</source>
        <translation>Tri des appels…</translation>
    </message>
    <message>
        <source>&amp;Sort: %1, descending</source>
        <translation>&amp;Tri : %1, décroissant</translation>
    </message>
    <message>
        <source>&amp;Sort: %1, ascending</source>
        <translation>&amp;Tri : %1, croissant</translation>
    </message>
    <message>
        <source>Ascending</source>
        <translation>Croissant</translation>
    </message>
    <message>
        <source>Descending</source>
        <translation>Décroissant</translation>
    </message>
    <message numerus="yes">
        <source>%n new call(s) — Refresh</source>
        <translation>
            <numerusform>%n nouvel appel — Actualiser</numerusform>
            <numerusform>%n nouveaux appels — Actualiser</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Filtering calls…</source>
        <translation>Filtrage des appels…</translation>
    </message>
    <message>
        <source>Deleting old receipts</source>
        <translation>Suppression des anciens reçus</translation>
    </message>
    <message>
        <source>Stop deleting: what is deleted stays deleted, the rest is kept until the retention is set again</source>
        <translation>Arrêter la suppression : ce qui est supprimé le reste, le reste est conservé jusqu’à ce que la conservation soit de nouveau réglée</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>Importation de %1…</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>un booléen</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>un nombre</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>un entier</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>une chaîne</translation>
    </message>
    <message>
        <source>an array of strings</source>
        <translation>un tableau de chaînes</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>un tableau</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>un objet</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>rien</translation>
    </message>
    <message>
        <source>the workspace</source>
        <translation>l’espace de travail</translation>
    </message>
    <message>
        <source>the workspace defaults</source>
        <translation>les valeurs par défaut de l’espace de travail</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3%4 (is %5).</source>
        <translation>%1 doit être compris entre %2 et %3%4 (valeur : %5).</translation>
    </message>
    <message>
        <source>Attempts of %1</source>
        <translation>Tentatives de %1</translation>
    </message>
    <message>
        <source>Deadline of %1</source>
        <translation>Délai de %1</translation>
    </message>
    <message>
        <source>Backoff of %1</source>
        <translation>Backoff de %1</translation>
    </message>
    <message>
        <source>Backoff maximum of %1</source>
        <translation>Backoff maximal de %1</translation>
    </message>
    <message>
        <source>Cooldown of %1</source>
        <translation>Refroidissement de %1</translation>
    </message>
    <message>
        <source>Connect timeout of %1</source>
        <translation>Délai de connexion de %1</translation>
    </message>
    <message>
        <source>Stream start timeout of %1</source>
        <translation>Délai de début de flux de %1</translation>
    </message>
    <message>
        <source>Stream idle timeout of %1</source>
        <translation>Délai d’inactivité du flux de %1</translation>
    </message>
    <message>
        <source>Latency of connection %1</source>
        <translation>Latence de la connexion %1</translation>
    </message>
    <message>
        <source>Tokens per second of connection %1</source>
        <translation>Jetons par seconde de la connexion %1</translation>
    </message>
    <message>
        <source>Retry-After of connection %1</source>
        <translation>Retry-After de la connexion %1</translation>
    </message>
    <message>
        <source>Stream cut of connection %1</source>
        <translation>Coupure de flux de la connexion %1</translation>
    </message>
    <message>
        <source>A region name must not be empty.</source>
        <translation>Un nom de région ne doit pas être vide.</translation>
    </message>
    <message>
        <source>Region name &quot;%1…&quot; is longer than 64 characters.</source>
        <translation>Le nom de région « %1… » dépasse 64 caractères.</translation>
    </message>
    <message>
        <source>Region name &quot;%1&quot; may contain only letters, digits, &apos;-&apos; and &apos;_&apos;.</source>
        <translation>Le nom de région « %1 » ne peut contenir que des lettres, des chiffres, &apos;-&apos; et &apos;_&apos;.</translation>
    </message>
    <message>
        <source>Serving region of %1</source>
        <translation>Région de service de %1</translation>
    </message>
    <message>
        <source>Allowed regions of %1</source>
        <translation>Régions autorisées de %1</translation>
    </message>
    <message>
        <source>Region of connection %1</source>
        <translation>Région de la connexion %1</translation>
    </message>
    <message>
        <source>%1: %2 (byte offset %3).</source>
        <translation>%1 : %2 (position %3 en octets).</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>ligne %1, colonne %2</translation>
    </message>
    <message>
        <source>The file must hold one JSON object, a Switchboard workspace.</source>
        <translation>Le fichier doit contenir un seul objet JSON, un espace de travail Switchboard.</translation>
    </message>
    <message>
        <source>This is not a Switchboard workspace file (expected &quot;%1&quot;).</source>
        <translation>Ce n’est pas un fichier d’espace de travail Switchboard (attendu : « %1 »).</translation>
    </message>
    <message>
        <source>This Switchboard reads version %1 of the format (found %2).</source>
        <translation>Ce Switchboard lit la version %1 du format (trouvé : %2).</translation>
    </message>
    <message>
        <source>Expected %1 (found %2).</source>
        <translation>%1 attendu (trouvé : %2).</translation>
    </message>
    <message>
        <source>Unknown value &quot;%1&quot;; expected one of %2.</source>
        <translation>Valeur inconnue « %1 » ; valeurs attendues : %2.</translation>
    </message>
    <message>
        <source>Required field is missing.</source>
        <translation>Champ obligatoire manquant.</translation>
    </message>
    <message>
        <source>Must not be empty.</source>
        <translation>Ne doit pas être vide.</translation>
    </message>
    <message>
        <source>Expected a date as yyyy-MM-dd (found &quot;%1&quot;).</source>
        <translation>Date attendue au format yyyy-MM-dd (trouvé : « %1 »).</translation>
    </message>
    <message>
        <source>Expected an ISO 8601 UTC date and time such as 2026-11-29T19:00:00.000Z (found &quot;%1&quot;).</source>
        <translation>Date et heure UTC ISO 8601 attendues, par exemple 2026-11-29T19:00:00.000Z (trouvé : « %1 »).</translation>
    </message>
    <message>
        <source>Unknown field, ignored.</source>
        <translation>Champ inconnu, ignoré.</translation>
    </message>
    <message>
        <source>Connection %1 keeps its credential in the database and the file carries no secret; enter it again after the import.</source>
        <translation>La connexion %1 garde ses identifiants dans la base de données et le fichier ne contient aucun secret ; saisissez-le à nouveau après l’importation.</translation>
    </message>
    <message>
        <source>%1 %2 has an empty %3.</source>
        <translation>%1 %2 a un champ %3 vide.</translation>
    </message>
    <message>
        <source>%1 %2 is defined twice (also at %3).</source>
        <translation>%1 %2 est défini deux fois (aussi à %3).</translation>
    </message>
    <message>
        <source>The list of regions has an empty entry between commas.</source>
        <translation>La liste des régions contient une entrée vide entre deux virgules.</translation>
    </message>
    <message>
        <source>Model name &quot;%1&quot; must have the form &lt;namespace&gt;/&lt;id&gt;.</source>
        <translation>Le nom de modèle « %1 » doit avoir la forme &lt;espace de noms&gt;/&lt;id&gt;.</translation>
    </message>
    <message>
        <source>Input price of %1 must not be negative.</source>
        <translation>Le prix d’entrée de %1 ne doit pas être négatif.</translation>
    </message>
    <message>
        <source>Output price of %1 must not be negative.</source>
        <translation>Le prix de sortie de %1 ne doit pas être négatif.</translation>
    </message>
    <message>
        <source>Context window of %1 must be at least 1 token (is %2).</source>
        <translation>La fenêtre de contexte de %1 doit compter au moins 1 jeton (valeur : %2).</translation>
    </message>
    <message>
        <source>Model %1 has no offerings; calls to it cannot be served.</source>
        <translation>Le modèle %1 n’a aucune offre ; les appels vers lui ne peuvent pas être servis.</translation>
    </message>
    <message>
        <source>Offering %1 of %2 names connection &quot;%3&quot;, which does not exist.</source>
        <translation>L’offre %1 de %2 indique la connexion « %3 », qui n’existe pas.</translation>
    </message>
    <message>
        <source>Offering %1 of %2 has no upstream model id.</source>
        <translation>L’offre %1 de %2 n’a pas d’identifiant de modèle amont.</translation>
    </message>
    <message>
        <source>Tool probes of offering %1 of %2 must pass between 0 and their total.</source>
        <translation>Les sondes d’outils réussies de l’offre %1 de %2 doivent être comprises entre 0 et leur total.</translation>
    </message>
    <message>
        <source>Structured-output probes of offering %1 of %2 must pass between 0 and their total.</source>
        <translation>Les sondes de sortie structurée réussies de l’offre %1 de %2 doivent être comprises entre 0 et leur total.</translation>
    </message>
    <message>
        <source>Pool %1 cannot list itself as a deployment.</source>
        <translation>Le pool %1 ne peut pas se lister lui-même comme déploiement.</translation>
    </message>
    <message>
        <source>Deployment %1 of %2 is not a model of this workspace.</source>
        <translation>Le déploiement %1 de %2 n’est pas un modèle de cet espace de travail.</translation>
    </message>
    <message>
        <source>Deployment %1 of %2 is itself a pool; a deployment must be a Direct model.</source>
        <translation>Le déploiement %1 de %2 est lui-même un pool ; un déploiement doit être un modèle direct.</translation>
    </message>
    <message>
        <source>Deployment %1 of %2 has modality %3; %2 has modality %4.</source>
        <translation>Le déploiement %1 de %2 a la modalité %3 ; %2 a la modalité %4.</translation>
    </message>
    <message>
        <source>Deployment %1 of %2 is turned off; calls skip it as disabled.</source>
        <translation>Le déploiement %1 de %2 est désactivé ; les appels l’ignorent.</translation>
    </message>
    <message>
        <source>Deployment %1 is listed more than once in %2.</source>
        <translation>Le déploiement %1 figure plusieurs fois dans %2.</translation>
    </message>
    <message>
        <source>Pool %1 has no deployments; add one or switch it to Direct.</source>
        <translation>Le pool %1 n’a aucun déploiement ; ajoutez-en un ou passez-le en mode direct.</translation>
    </message>
    <message>
        <source>Pool %1 has %2 deployments; at most %3 are allowed.</source>
        <translation>Le pool %1 a %2 déploiements ; %3 au plus sont autorisés.</translation>
    </message>
    <message>
        <source>Backoff of %1 must not be negative (is %2).</source>
        <translation>Le backoff de %1 ne doit pas être négatif (valeur : %2).</translation>
    </message>
    <message>
        <source>Backoff of %1 must not exceed its maximum (%2 ms &gt; %3 ms).</source>
        <translation>Le backoff de %1 ne doit pas dépasser son maximum (%2 ms &gt; %3 ms).</translation>
    </message>
    <message>
        <source>Connection name &quot;%1&quot; must be 1 to 64 letters, digits, &apos;.&apos;, &apos;-&apos; or &apos;_&apos;.</source>
        <translation>Le nom de connexion « %1 » doit compter de 1 à 64 lettres, chiffres, &apos;.&apos;, &apos;-&apos; ou &apos;_&apos;.</translation>
    </message>
    <message>
        <source>Connection %1 names provider &quot;%2&quot;, which does not exist.</source>
        <translation>La connexion %1 indique le fournisseur « %2 », qui n’existe pas.</translation>
    </message>
    <message>
        <source>Connection %1 is an Azure OpenAI connection and needs an API version.</source>
        <translation>La connexion %1 est une connexion Azure OpenAI et nécessite une version d’API.</translation>
    </message>
    <message>
        <source>Base URL of connection %1 must be an http or https URL (is &quot;%2&quot;).</source>
        <translation>L’URL de base de la connexion %1 doit être une URL http ou https (valeur : « %2 »).</translation>
    </message>
    <message>
        <source>The CA file of connection %1 cannot be read (%2); its calls will fail.</source>
        <translation>Le fichier CA de la connexion %1 est illisible (%2) ; ses appels échoueront.</translation>
    </message>
    <message>
        <source>Connection %1 reads its credential from an environment variable but names none.</source>
        <translation>La connexion %1 lit ses identifiants dans une variable d’environnement mais n’en indique aucune.</translation>
    </message>
    <message>
        <source>Connection %1 reads its credential from a file but names none.</source>
        <translation>La connexion %1 lit ses identifiants dans un fichier mais n’en indique aucun.</translation>
    </message>
    <message>
        <source>Failure rate of connection %1 must be between %3 and %4 (is %2).</source>
        <translation>Le taux d’échec de la connexion %1 doit être compris entre %3 et %4 (valeur : %2).</translation>
    </message>
    <message>
        <source>Connection %1 has a failure rate but no failure kinds, so it never fails.</source>
        <translation>La connexion %1 a un taux d’échec mais aucun type d’échec, elle n’échoue donc jamais.</translation>
    </message>
    <message>
        <source>Alias %1 has the same name as a model.</source>
        <translation>L’alias %1 porte le même nom qu’un modèle.</translation>
    </message>
    <message>
        <source>Alias name &quot;%1&quot; must not contain spaces or commas.</source>
        <translation>Le nom d’alias « %1 » ne doit contenir ni espaces ni virgules.</translation>
    </message>
    <message>
        <source>Alias %1 targets alias %2; an alias must name a model.</source>
        <translation>L’alias %1 cible l’alias %2 ; un alias doit désigner un modèle.</translation>
    </message>
    <message>
        <source>Alias %1 targets %2, which is not a model of this workspace.</source>
        <translation>L’alias %1 cible %2, qui n’est pas un modèle de cet espace de travail.</translation>
    </message>
    <message>
        <source>Alias %1 is deprecated on %2 but names no replacement.</source>
        <translation>L’alias %1 est obsolète à partir du %2 mais n’indique aucun remplaçant.</translation>
    </message>
    <message>
        <source>Replacement %1 of alias %2 is neither a model nor an alias.</source>
        <translation>Le remplaçant %1 de l’alias %2 n’est ni un modèle ni un alias.</translation>
    </message>
    <message>
        <source>Replacements of alias %1 form a cycle: %2.</source>
        <translation>Les remplaçants de l’alias %1 forment une boucle : %2.</translation>
    </message>
    <message>
        <source>Fallback model %1 of alias %2 is not a model of this workspace.</source>
        <translation>Le modèle de repli %1 de l’alias %2 n’est pas un modèle de cet espace de travail.</translation>
    </message>
    <message>
        <source>Allowed models of %1 name vendor %2, which has no models yet.</source>
        <translation>Les modèles autorisés de %1 nomment l’éditeur %2, qui n’a encore aucun modèle.</translation>
    </message>
    <message>
        <source>Allowed model %1 of %2 is neither a model of this workspace nor a vendor pattern such as openai/*.</source>
        <translation>Le modèle autorisé %1 de %2 n’est ni un modèle de cet espace de travail ni un motif d’éditeur comme openai/*.</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; of %3 does not exist.</source>
        <translation>%1 « %2 » de %3 n’existe pas.</translation>
    </message>
    <message>
        <source>Allowed provider</source>
        <translation>Fournisseur autorisé</translation>
    </message>
    <message>
        <source>Denied provider</source>
        <translation>Fournisseur refusé</translation>
    </message>
    <message>
        <source>Max application attempts of %1</source>
        <translation>Nombre maximal de tentatives applicatives de %1</translation>
    </message>
    <message>
        <source>Fallback model %1 of %2 is not a model of this workspace.</source>
        <translation>Le modèle de repli %1 de %2 n’est pas un modèle de cet espace de travail.</translation>
    </message>
    <message>
        <source>Key %1 belongs to project &quot;%2&quot;, which does not exist.</source>
        <translation>La clé %1 appartient au projet « %2 », qui n’existe pas.</translation>
    </message>
    <message>
        <source>Key %1 must carry a SHA-256 as 64 lowercase hex digits.</source>
        <translation>La clé %1 doit porter un SHA-256 sous forme de 64 chiffres hexadécimaux minuscules.</translation>
    </message>
    <message>
        <source>Backoff maximum, ms</source>
        <translation>Backoff maximal, ms</translation>
    </message>
    <message>
        <source>No database path was given.</source>
        <translation>Aucun chemin de base de données n’a été indiqué.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Impossible de créer le dossier %1.</translation>
    </message>
    <message>
        <source>Cannot create %1: %2</source>
        <translation>Impossible de créer %1 : %2</translation>
    </message>
    <message>
        <source>There is no database at %1 to open read-only.</source>
        <translation>Il n’y a pas de base de données à %1 à ouvrir en lecture seule.</translation>
    </message>
    <message>
        <source>The Qt SQLite driver (QSQLITE) is not available.</source>
        <translation>Le pilote SQLite de Qt (QSQLITE) n’est pas disponible.</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>Impossible d’ouvrir %1</translation>
    </message>
    <message>
        <source>%1 is not a Switchboard database (not an SQLite file).</source>
        <translation>%1 n’est pas une base de données Switchboard (pas un fichier SQLite).</translation>
    </message>
    <message>
        <source>Cannot read %1</source>
        <translation>Impossible de lire %1</translation>
    </message>
    <message>
        <source>Cannot run “%1” on %2</source>
        <translation>Impossible d’exécuter « %1 » sur %2</translation>
    </message>
    <message>
        <source>Cannot switch %1 to WAL mode</source>
        <translation>Impossible de passer %1 en mode WAL</translation>
    </message>
    <message>
        <source>%1 has schema version %2, newer than this Switchboard knows (%3). Use a newer Switchboard.</source>
        <translation>%1 a la version de schéma %2, plus récente que celles que connaît ce Switchboard (%3). Utilisez un Switchboard plus récent.</translation>
    </message>
    <message>
        <source>%1 has schema version %2 and needs migrating to %3; open it read-write first.</source>
        <translation>%1 a la version de schéma %2 et doit être migré vers %3 ; ouvrez-le d’abord en lecture-écriture.</translation>
    </message>
    <message>
        <source>%1 is open read-only; it cannot be changed here.</source>
        <translation>%1 est ouvert en lecture seule ; il ne peut pas être modifié ici.</translation>
    </message>
    <message>
        <source>The database is not an SQLite file.</source>
        <translation>La base de données n’est pas un fichier SQLite.</translation>
    </message>
    <message>
        <source>Cannot prepare “%1”: %2</source>
        <translation>Impossible de préparer « %1 » : %2</translation>
    </message>
    <message>
        <source>No workspace has been saved yet.</source>
        <translation>Aucun espace de travail n’a encore été enregistré.</translation>
    </message>
    <message>
        <source>Cannot read workspace version %1</source>
        <translation>Impossible de lire la version %1 de l’espace de travail</translation>
    </message>
    <message>
        <source>There is no workspace version %1.</source>
        <translation>Il n’existe pas de version %1 de l’espace de travail.</translation>
    </message>
    <message>
        <source>Workspace version %1 cannot be read back: %2</source>
        <translation>La version %1 de l’espace de travail ne peut pas être relue : %2</translation>
    </message>
    <message>
        <source>Cannot read the stored secrets</source>
        <translation>Impossible de lire les secrets enregistrés</translation>
    </message>
    <message>
        <source>Cannot save the workspace</source>
        <translation>Impossible d’enregistrer l’espace de travail</translation>
    </message>
    <message>
        <source>Cannot update the stored secrets</source>
        <translation>Impossible de mettre à jour les secrets enregistrés</translation>
    </message>
    <message>
        <source>Cannot store the secret of connection %1</source>
        <translation>Impossible d’enregistrer le secret de la connexion %1</translation>
    </message>
    <message>
        <source>A receipt with request id %1 is already stored.</source>
        <translation>Un reçu avec l’identifiant de requête %1 est déjà enregistré.</translation>
    </message>
    <message>
        <source>Cannot write receipt %1</source>
        <translation>Impossible d’écrire le reçu %1</translation>
    </message>
    <message>
        <source>The receipt writer is not running.</source>
        <translation>L’enregistreur de reçus n’est pas en marche.</translation>
    </message>
    <message>
        <source>The receipt writer cannot wait for itself (flush from its own thread).</source>
        <translation>L’enregistreur de reçus ne peut pas s’attendre lui-même (vidage depuis son propre thread).</translation>
    </message>
    <message>
        <source>%1 receipts are not written yet: writing to %2 failed; they stay queued.</source>
        <translation>%1 reçus ne sont pas encore écrits : l’écriture dans %2 a échoué ; ils restent en file d’attente.</translation>
    </message>
    <message>
        <source>Cannot limit the size of %1.</source>
        <translation>Impossible de limiter la taille de %1.</translation>
    </message>
    <message>
        <source>Cannot find the receipts to keep</source>
        <translation>Impossible de déterminer les reçus à conserver</translation>
    </message>
    <message>
        <source>Cannot count the receipts to delete</source>
        <translation>Impossible de compter les reçus à supprimer</translation>
    </message>
    <message>
        <source>Cannot delete old receipts</source>
        <translation>Impossible de supprimer les anciens reçus</translation>
    </message>
    <message>
        <source>Cannot prepare a statistics query</source>
        <translation>Impossible de préparer une requête de statistiques</translation>
    </message>
    <message>
        <source>Cannot read statistics</source>
        <translation>Impossible de lire les statistiques</translation>
    </message>
    <message>
        <source>A statistics window needs a start, up to %1 buckets of a positive length, and at most 24 hours in all.</source>
        <translation>Une fenêtre de statistiques nécessite un début, jusqu’à %1 intervalles de longueur positive, et 24 heures au plus en tout.</translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation>encore environ %1 s</translation>
    </message>
    <message>
        <source>about %1 min left</source>
        <translation>encore environ %1 min</translation>
    </message>
    <message>
        <source>about %1 h left</source>
        <translation>encore environ %1 h</translation>
    </message>
    <message>
        <source>Switchboard</source>
        <translation>Switchboard</translation>
    </message>
    <message>
        <source>Updating %1 for this version of Switchboard: %2 receipts</source>
        <translation>Mise à jour de %1 pour cette version de Switchboard : %2 reçus</translation>
    </message>
    <message>
        <source>Updating %1 for this version of Switchboard: finishing</source>
        <translation>Mise à jour de %1 pour cette version de Switchboard : finalisation</translation>
    </message>
    <message>
        <source>Deleting old receipts, %1</source>
        <translation>Suppression des anciens reçus, %1</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Impossible de lire %1 : %2</translation>
    </message>
    <message>
        <source>connection refused</source>
        <translation>connexion refusée</translation>
    </message>
    <message>
        <source>host not found</source>
        <translation>hôte introuvable</translation>
    </message>
    <message>
        <source>TLS handshake failed</source>
        <translation>échec de la négociation TLS</translation>
    </message>
    <message>
        <source>the proxy refused or broke the tunnel</source>
        <translation>le proxy a refusé ou rompu le tunnel</translation>
    </message>
    <message>
        <source>no connection</source>
        <translation>pas de connexion</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>non envoyée</translation>
    </message>
    <message>
        <source>no connection within %1 ms</source>
        <translation>pas de connexion en %1 ms</translation>
    </message>
    <message>
        <source>closed before a status line</source>
        <translation>fermée avant une ligne d’état</translation>
    </message>
    <message>
        <source>no status line within %1 ms</source>
        <translation>pas de ligne d’état en %1 ms</translation>
    </message>
    <message>
        <source>the answer was cut short</source>
        <translation>la réponse a été coupée</translation>
    </message>
    <message>
        <source>the stream sent nothing for %1 ms</source>
        <translation>le flux n’a rien envoyé pendant %1 ms</translation>
    </message>
    <message>
        <source>an answer that cannot be decoded</source>
        <translation>une réponse impossible à décoder</translation>
    </message>
    <message>
        <source>an error event in the stream</source>
        <translation>un événement d’erreur dans le flux</translation>
    </message>
    <message>
        <source>the stream ended before its first event</source>
        <translation>le flux s’est terminé avant son premier événement</translation>
    </message>
    <message>
        <source>the answer is not a JSON object</source>
        <translation>la réponse n’est pas un objet JSON</translation>
    </message>
    <message>
        <source>the caller closed the connection</source>
        <translation>l’appelant a fermé la connexion</translation>
    </message>
    <message>
        <source>Created the demo workspace in %1</source>
        <translation>Espace de travail de démonstration créé dans %1</translation>
    </message>
    <message>
        <source>Demo caller key (shown once): %1</source>
        <translation>Clé d’appelant de démonstration (affichée une seule fois) : %1</translation>
    </message>
    <message>
        <source>The gateway listens on http://%1</source>
        <translation>La passerelle écoute sur http://%1</translation>
    </message>
    <message>
        <source>Cancelled: %1 is left as it was.</source>
        <translation>Annulé : %1 reste tel quel.</translation>
    </message>
    <message>
        <source>A key needs a name.</source>
        <translation>Une clé doit avoir un nom.</translation>
    </message>
    <message>
        <source>There is no project with id %1.</source>
        <translation>Il n’y a pas de projet avec l’identifiant %1.</translation>
    </message>
    <message>
        <source>There is no key with id %1.</source>
        <translation>Il n’y a pas de clé avec l’identifiant %1.</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>Impossible d’écrire %1</translation>
    </message>
    <message>
        <source>Strict receipts: off → on</source>
        <translation>Reçus stricts : désactivés → activés</translation>
    </message>
    <message>
        <source>Strict receipts: on → off</source>
        <translation>Reçus stricts : activés → désactivés</translation>
    </message>
    <message>
        <source>Turn strict receipts on</source>
        <translation>Activer les reçus stricts</translation>
    </message>
    <message>
        <source>Turn strict receipts off</source>
        <translation>Désactiver les reçus stricts</translation>
    </message>
    <message>
        <source>Strict receipts: an answer ends only once its receipt is saved</source>
        <translation>Reçus stricts : une réponse ne se termine qu’une fois son reçu enregistré</translation>
    </message>
    <message>
        <source>Without it, a receipt is saved within a second of its answer, and a crash may lose the receipts of the last moments&apos; calls. With it, no answered call lacks its receipt; each answer waits for the next save, which adds latency and lowers the calls per second.</source>
        <translation>Sans ce réglage, un reçu est enregistré moins d’une seconde après sa réponse, et un plantage peut perdre les reçus des appels des derniers instants. Avec lui, aucun appel répondu ne manque de reçu ; chaque réponse attend le prochain enregistrement, ce qui ajoute de la latence et réduit les appels par seconde.</translation>
    </message>
    <message>
        <source>Answers in</source>
        <translation>API de réponse</translation>
    </message>
    <message>
        <source>Max output tokens</source>
        <translation>Jetons de sortie maximum</translation>
    </message>
    <message>
        <source>Max output tokens of %1</source>
        <translation>Jetons de sortie maximum de %1</translation>
    </message>
    <message>
        <source>OpenAI only</source>
        <translation>OpenAI seulement</translation>
    </message>
    <message>
        <source>Anthropic only</source>
        <translation>Anthropic seulement</translation>
    </message>
    <message>
        <source>Both APIs</source>
        <translation>Les deux API</translation>
    </message>
    <message>
        <source>Set max output tokens</source>
        <translation>Définir les jetons de sortie maximum</translation>
    </message>
    <message>
        <source>its connection (%2) speaks the other API, which cannot carry the request&apos;s &quot;%1&quot;</source>
        <translation>sa connexion (%2) parle l’autre API, qui ne peut pas transmettre le champ &quot;%1&quot; de la requête</translation>
    </message>
    <message>
        <source>Which calls it answers: each in its own API, or only those of one API, like a connection of that kind.</source>
        <translation>Les appels auxquels il répond&#xa0;: chacun dans sa propre API, ou seulement ceux d’une API, comme une connexion de ce type.</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> jetons</translation>
    </message>
    <message>
        <source>Sent as max_tokens when a chat call that names none is served by an Anthropic connection.</source>
        <translation>Envoyé comme max_tokens quand un appel de chat qui n’en donne pas est servi par une connexion Anthropic.</translation>
    </message>
    <message>
        <source>translated chat → messages</source>
        <translation>traduit chat → messages</translation>
    </message>
    <message>
        <source>translated messages → chat</source>
        <translation>traduit messages → chat</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>as asked</source>
        <translation>telle quelle</translation>
    </message>
    <message>
        <source>All endpoints</source>
        <translation>Tout point d’accès</translation>
    </message>
    <message>
        <source>Chat completions</source>
        <translation>Chat completions</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Messages</translation>
    </message>
    <message>
        <source>Responses</source>
        <translation>Responses</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>Endpoint the call arrived on</source>
        <translation>Point d’accès où l’appel est arrivé</translation>
    </message>
    <message>
        <source>translated responses → chat</source>
        <translation>traduit responses → chat</translation>
    </message>
    <message>
        <source>translated responses → messages</source>
        <translation>traduit responses → messages</translation>
    </message>
    <message>
        <source>By endpoint</source>
        <translation>Par point d’accès</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Part</translation>
    </message>
    <message>
        <source>Error rate</source>
        <translation>Taux d’erreur</translation>
    </message>
    <message>
        <source>p50, ms</source>
        <translation>p50, ms</translation>
    </message>
    <message>
        <source>Share of the endpoint&apos;s calls that failed</source>
        <translation>Part des appels de ce point d’accès qui ont échoué</translation>
    </message>
    <message>
        <source>Median latency of the endpoint&apos;s calls</source>
        <translation>Latence médiane des appels de ce point d’accès</translation>
    </message>
    <message>
        <source>Calls that arrived on %1</source>
        <translation>Appels arrivés sur %1</translation>
    </message>
    <message>
        <source>%1 of %2 failed</source>
        <translation>%1 sur %2 ont échoué</translation>
    </message>
    <message>
        <source>Probe: a reliability probe the gateway sent itself, not caller traffic</source>
        <translation>Sonde : une sonde de fiabilité envoyée par la passerelle elle-même, pas du trafic d’appelant</translation>
    </message>
    <message>
        <source>Rehearsal: a fault rehearsal, not caller traffic</source>
        <translation>Répétition : une répétition de panne, pas du trafic d’appelant</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>Appel</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Tous types</translation>
    </message>
    <message>
        <source>Probes</source>
        <translation>Sondes</translation>
    </message>
    <message>
        <source>Rehearsals</source>
        <translation>Répétitions</translation>
    </message>
    <message>
        <source>Who made the call: a caller, the gateway&apos;s reliability probe or a rehearsal</source>
        <translation>Qui a fait l’appel : un appelant, la sonde de fiabilité de la passerelle ou une répétition</translation>
    </message>
    <message numerus="yes">
        <source>%Ln call(s) shown</source>
        <translation>
            <numerusform>%Ln appel affiché</numerusform>
            <numerusform>%Ln appels affichés</numerusform>
        </translation>
    </message>
    <message>
        <source>A reliability probe the gateway sent itself: not caller traffic</source>
        <translation>Une sonde de fiabilité envoyée par la passerelle elle-même : pas du trafic d’appelant</translation>
    </message>
    <message>
        <source>A fault rehearsal: not caller traffic</source>
        <translation>Une répétition de panne : pas du trafic d’appelant</translation>
    </message>
    <message>
        <source>%1 · probe</source>
        <translation>%1 · sonde</translation>
    </message>
    <message>
        <source>%1 · rehearsal</source>
        <translation>%1 · répétition</translation>
    </message>
    <message>
        <source>Listing source</source>
        <translation>Source de la fiche</translation>
    </message>
    <message>
        <source>Listing refresh, minutes</source>
        <translation>Actualisation des fiches, minutes</translation>
    </message>
    <message>
        <source>Listing maximum age, hours</source>
        <translation>Âge maximal des fiches, heures</translation>
    </message>
    <message>
        <source>Listing source of provider %1 must be an http or https URL, an absolute file path or a file:// URL (is &quot;%2&quot;).</source>
        <translation>La source de la fiche du fournisseur %1 doit être une URL http ou https, un chemin de fichier absolu ou une URL file:// (est « %2 »).</translation>
    </message>
    <message>
        <source>Listing refresh interval</source>
        <translation>Intervalle d’actualisation des fiches</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Listing maximum age</source>
        <translation>Âge maximal des fiches</translation>
    </message>
    <message>
        <source> h</source>
        <translation> h</translation>
    </message>
    <message>
        <source>Cannot read the provider listings</source>
        <translation>Impossible de lire les fiches des fournisseurs</translation>
    </message>
    <message>
        <source>Cannot store the listing of provider %1</source>
        <translation>Impossible d’enregistrer la fiche du fournisseur %1</translation>
    </message>
    <message>
        <source>its listing is missing</source>
        <translation>sa fiche manque</translation>
    </message>
    <message>
        <source>its listing is older than %1 h (fetched at %2)</source>
        <translation>sa fiche date de plus de %1 h (obtenue le %2)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln probe(s) cost %1</source>
        <translation>
            <numerusform>%Ln sonde a coûté %1</numerusform>
            <numerusform>%Ln sondes ont coûté %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln rehearsal(s) cost %1</source>
        <translation>
            <numerusform>%Ln répétition a coûté %1</numerusform>
            <numerusform>%Ln répétitions ont coûté %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Metered (scheduled probes leave it alone)</source>
        <translation>Facturée (les sondes planifiées l’épargnent)</translation>
    </message>
    <message>
        <source>Calls on this connection cost money: reliability probes run on it only when asked (Probe now), not on their schedule.</source>
        <translation>Les appels sur cette connexion coûtent de l’argent : les sondes de fiabilité n’y tournent qu’à la demande (Sonder maintenant), pas selon leur planning.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln call(s) · %1 failed · one bar per %2</source>
        <translation>
            <numerusform>%Ln appel · %1 en échec · une barre par %2</numerusform>
            <numerusform>%Ln appels · %1 en échec · une barre par %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Probe interval, hours</source>
        <translation>Intervalle des sondes, heures</translation>
    </message>
    <message>
        <source>Probe window, hours</source>
        <translation>Fenêtre des sondes, heures</translation>
    </message>
    <message>
        <source>Metered</source>
        <translation>Facturée</translation>
    </message>
    <message>
        <source>Malformed answers</source>
        <translation>Réponses inutilisables</translation>
    </message>
    <message>
        <source>Probe interval</source>
        <translation>Intervalle des sondes</translation>
    </message>
    <message>
        <source>Probe window</source>
        <translation>Fenêtre des sondes</translation>
    </message>
    <message>
        <source>Cannot read the probe results</source>
        <translation>Impossible de lire les résultats des sondes</translation>
    </message>
    <message>
        <source>Cannot store the probe results</source>
        <translation>Impossible d’enregistrer les résultats des sondes</translation>
    </message>
    <message>
        <source>Share of answers a caller&apos;s code could not use: a tool call written as text, JSON that ignores the schema. Reliability probes catch them.</source>
        <translation>Part des réponses que le code d’un appelant ne pourrait pas utiliser : un appel d’outil écrit en texte, du JSON qui ignore le schéma. Les sondes de fiabilité les détectent.</translation>
    </message>
    <message>
        <source>Calls, failures and every chart count callers&apos; calls only: the gateway&apos;s own probes and rehearsals are counted apart, with what they cost.</source>
        <translation>Les appels, les échecs et tous les graphiques ne comptent que les appels des appelants : les sondes et répétitions propres à la passerelle sont comptées à part, avec leur coût.</translation>
    </message>
    <message>
        <source>Probe now</source>
        <translation>Sonder maintenant</translation>
    </message>
    <message>
        <source>The results could not be stored: %1</source>
        <translation>Les résultats n’ont pas pu être enregistrés : %1</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>Sondage en cours…</translation>
    </message>
    <message>
        <source>A probe run is already under way.</source>
        <translation>Un sondage est déjà en cours.</translation>
    </message>
    <message>
        <source>A probe run is under way.</source>
        <translation>Un sondage est en cours.</translation>
    </message>
    <message>
        <source>Send the probe set to these offerings now</source>
        <translation>Envoyer maintenant les sondes à ces offres</translation>
    </message>
    <message>
        <source>Nothing to probe: no certified offering here.</source>
        <translation>Rien à sonder : aucune offre certifiée ici.</translation>
    </message>
    <message>
        <source>%1 probes: %2 passed, %3 failed</source>
        <translation>%1 sondes : %2 réussies, %3 échouées</translation>
    </message>
    <message>
        <source>, %1 without an answer</source>
        <translation>, %1 sans réponse</translation>
    </message>
    <message>
        <source>%1: no probes yet</source>
        <translation>%1 : pas encore de sondes</translation>
    </message>
    <message>
        <source>%1: %2 of %3 passed (%4 %)</source>
        <translation>%1 : %2 sur %3 réussies (%4 %)</translation>
    </message>
    <message>
        <source>Next run: not scheduled: the offering is not certified</source>
        <translation>Prochain sondage : non planifié : l’offre n’est pas certifiée</translation>
    </message>
    <message>
        <source>Next run: not scheduled: probes are off in the workspace settings</source>
        <translation>Prochain sondage : non planifié : les sondes sont désactivées dans les paramètres de l’espace de travail</translation>
    </message>
    <message>
        <source>Next run: not scheduled: metered connection</source>
        <translation>Prochain sondage : non planifié : connexion facturée</translation>
    </message>
    <message>
        <source>Next run: not scheduled: the gateway is not running</source>
        <translation>Prochain sondage : non planifié : la passerelle ne tourne pas</translation>
    </message>
    <message>
        <source>Reliability</source>
        <translation>Fiabilité</translation>
    </message>
    <message>
        <source>Probes test the offerings of a saved Direct model.</source>
        <translation>Les sondes testent les offres d’un modèle direct enregistré.</translation>
    </message>
    <message>
        <source>Probe results need the gateway: the studio runs without it.</source>
        <translation>Les résultats des sondes demandent la passerelle : le studio tourne sans elle.</translation>
    </message>
    <message>
        <source>Last run %1</source>
        <translation>Dernier sondage %1</translation>
    </message>
    <message>
        <source>Never probed</source>
        <translation>Jamais sondée</translation>
    </message>
    <message>
        <source>Next run: due now</source>
        <translation>Prochain sondage : dû maintenant</translation>
    </message>
    <message>
        <source>Next run due %1</source>
        <translation>Prochain sondage dû le %1</translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>(aucune sortie)</translation>
    </message>
    <message>
        <source>Receipt: %1 (Calls, kind probe)</source>
        <translation>Reçu : %1 (Appels, type sonde)</translation>
    </message>
    <message>
        <source>Set the probe interval</source>
        <translation>Définir l’intervalle des sondes</translation>
    </message>
    <message>
        <source>Set the probe window</source>
        <translation>Définir la fenêtre des sondes</translation>
    </message>
    <message>
        <source>Reliability probes</source>
        <translation>Sondes de fiabilité</translation>
    </message>
    <message>
        <source>Each certified offering on a connection that is not metered is probed every interval (0: never on a schedule); the pass rates count the results of the window. Probe now on a model&apos;s page or the Providers screen runs them at once.</source>
        <translation>Chaque offre certifiée sur une connexion non facturée est sondée à chaque intervalle (0 : jamais de façon planifiée) ; les taux de réussite comptent les résultats de la fenêtre. « Sonder maintenant » sur la page d’un modèle ou dans l’écran Fournisseurs les lance tout de suite.</translation>
    </message>
    <message>
        <source>Last failure: %1 (%2), %3</source>
        <translation>Dernier échec : %1 (%2), %3</translation>
    </message>
    <message>
        <source>Listings</source>
        <translation>Fiches</translation>
    </message>
    <message>
        <source>%1: fetched at %2</source>
        <translation>%1 : récupérée le %2</translation>
    </message>
    <message>
        <source>%1: never fetched</source>
        <translation>%1 : jamais récupérée</translation>
    </message>
    <message>
        <source>Listing of %1 not refreshed: %2</source>
        <translation>Fiche de %1 non actualisée : %2</translation>
    </message>
    <message>
        <source>listing, never fetched: counts as neither</source>
        <translation>fiche, jamais récupérée : ne compte pour aucun des deux</translation>
    </message>
    <message>
        <source>listing, not fetched: %1</source>
        <translation>fiche, non récupérée : %1</translation>
    </message>
    <message>
        <source>listing, fetched %1: stale, counts as neither</source>
        <translation>fiche, récupérée %1 : périmée, ne compte pour aucun des deux</translation>
    </message>
    <message>
        <source>listing, fetched %1</source>
        <translation>fiche, récupérée %1</translation>
    </message>
    <message>
        <source>%1; last refresh failed</source>
        <translation>%1 ; dernière actualisation échouée</translation>
    </message>
    <message>
        <source>https://…/listing.json or a file path; empty: the facts above, set by hand</source>
        <translation>https://…/listing.json ou un chemin de fichier ; vide : les faits ci-dessus, saisis à la main</translation>
    </message>
    <message>
        <source>Refresh now</source>
        <translation>Actualiser maintenant</translation>
    </message>
    <message>
        <source>Fetch every provider&apos;s listing now</source>
        <translation>Récupérer maintenant la fiche de chaque fournisseur</translation>
    </message>
    <message>
        <source>Set by the provider&apos;s listing</source>
        <translation>Fixé par la fiche du fournisseur</translation>
    </message>
    <message>
        <source>Listings are fetched only while the gateway runs.</source>
        <translation>Les fiches ne sont récupérées que pendant que la passerelle tourne.</translation>
    </message>
    <message>
        <source>Fetched %1 (%2)</source>
        <translation>Récupérée %1 (%2)</translation>
    </message>
    <message>
        <source>The listing states zero data retention: %1, no training: %2</source>
        <translation>La fiche indique : aucune conservation des données : %1, pas d’entraînement : %2</translation>
    </message>
    <message>
        <source>%1 (published %2)</source>
        <translation>%1 (publiée %2)</translation>
    </message>
    <message>
        <source>Status: last refresh failed: %1</source>
        <translation>État : dernière actualisation échouée : %1</translation>
    </message>
    <message>
        <source>Status: never fetched; counts as neither zero data retention nor no training</source>
        <translation>État : jamais récupérée ; ne compte ni comme aucune conservation des données ni comme pas d’entraînement</translation>
    </message>
    <message>
        <source>Status: stale (older than %1 h); counts as neither zero data retention nor no training</source>
        <translation>État : périmée (plus de %1 h) ; ne compte ni comme aucune conservation des données ni comme pas d’entraînement</translation>
    </message>
    <message>
        <source>Status: fresh</source>
        <translation>État : à jour</translation>
    </message>
    <message>
        <source>Set the listing refresh interval</source>
        <translation>Définir l’intervalle d’actualisation des fiches</translation>
    </message>
    <message>
        <source>Set the listing maximum age</source>
        <translation>Définir l’âge maximal des fiches</translation>
    </message>
    <message>
        <source>Provider listings</source>
        <translation>Fiches des fournisseurs</translation>
    </message>
    <message>
        <source>A provider with a listing source takes its zero data retention and no-training facts from the listing, fetched every refresh interval; a listing older than the maximum age counts as neither. Refresh now on the Providers screen fetches them at once.</source>
        <translation>Un fournisseur avec une source de fiche tire ses faits d’absence de conservation des données et d’entraînement de la fiche, récupérée à chaque intervalle d’actualisation ; une fiche plus ancienne que l’âge maximal ne compte pour aucun des deux. « Actualiser maintenant » sur l’écran Fournisseurs les récupère aussitôt.</translation>
    </message>
    <message>
        <source>Budget alert threshold, %</source>
        <translation>Seuil d’alerte du budget, %</translation>
    </message>
    <message>
        <source>Daily budget</source>
        <translation>Budget quotidien</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>aucune limite</translation>
    </message>
    <message>
        <source>Monthly budget</source>
        <translation>Budget mensuel</translation>
    </message>
    <message>
        <source>Requests per minute</source>
        <translation>Requêtes par minute</translation>
    </message>
    <message>
        <source>Tokens per minute</source>
        <translation>Jetons par minute</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>%1 $</translation>
    </message>
    <message>
        <source>%1 of %2 must be between %3 and %4 (is %5).</source>
        <translation>%1 de %2 doit être compris entre %3 et %4 (valeur : %5).</translation>
    </message>
    <message>
        <source>Budget alert threshold</source>
        <translation>Seuil d’alerte du budget</translation>
    </message>
    <message>
        <source>Set a limit of project %1</source>
        <translation>Définir une limite du projet %1</translation>
    </message>
    <message>
        <source>Set a limit of key %1</source>
        <translation>Définir une limite de la clé %1</translation>
    </message>
    <message>
        <source>Time added by failed attempts, s</source>
        <translation>Temps ajouté par les tentatives échouées, s</translation>
    </message>
    <message>
        <source>Served calls</source>
        <translation>Appels servis</translation>
    </message>
    <message>
        <source>Failed attempts (kept holds)</source>
        <translation>Échecs (réservations conservées)</translation>
    </message>
    <message>
        <source>Latency and waits of failed attempts</source>
        <translation>Latence et attentes des tentatives échouées</translation>
    </message>
    <message>
        <source>Cost: %1</source>
        <translation>Coût : %1</translation>
    </message>
    <message>
        <source>Cost of failure by deployment</source>
        <translation>Coût des échecs par déploiement</translation>
    </message>
    <message>
        <source>Attempts that did not serve their call: what they may have billed (the holds they kept) and the time they added</source>
        <translation>Tentatives qui n’ont pas servi leur appel : ce qu’elles ont pu facturer (les réservations conservées) et le temps qu’elles ont ajouté</translation>
    </message>
    <message>
        <source>Failed attempts</source>
        <translation>Échecs</translation>
    </message>
    <message>
        <source>Retried</source>
        <translation>Réessayées</translation>
    </message>
    <message>
        <source>May have billed</source>
        <translation>Peut-être facturé</translation>
    </message>
    <message>
        <source>Share of cost</source>
        <translation>Part du coût</translation>
    </message>
    <message>
        <source>Time added, s</source>
        <translation>Temps ajouté, s</translation>
    </message>
    <message>
        <source>Per call, ms</source>
        <translation>Par appel, ms</translation>
    </message>
    <message>
        <source>Connection and upstream model</source>
        <translation>Connexion et modèle amont</translation>
    </message>
    <message>
        <source>Attempts on this deployment that did not serve their call</source>
        <translation>Tentatives sur ce déploiement qui n’ont pas servi leur appel</translation>
    </message>
    <message>
        <source>Failed attempts followed by another attempt of the same model</source>
        <translation>Tentatives échouées suivies d’une autre tentative du même modèle</translation>
    </message>
    <message>
        <source>Failed attempts after which the call moved to a fallback model</source>
        <translation>Tentatives échouées après lesquelles l’appel est passé à un modèle de repli</translation>
    </message>
    <message>
        <source>The holds of failed attempts that may have billed: an answer that started and did not finish keeps its hold</source>
        <translation>Les réservations des tentatives échouées qui ont pu être facturées : une réponse commencée et non terminée conserve sa réservation</translation>
    </message>
    <message>
        <source>What they may have billed, as a share of everything the window&apos;s calls cost</source>
        <translation>Ce qu’elles ont pu facturer, en part de tout ce qu’ont coûté les appels de la période</translation>
    </message>
    <message>
        <source>Their latency, and the wait before the attempt after each</source>
        <translation>Leur latence, et l’attente avant la tentative suivant chacune</translation>
    </message>
    <message>
        <source>Time added per call with a failed attempt on this deployment</source>
        <translation>Temps ajouté par appel ayant une tentative échouée sur ce déploiement</translation>
    </message>
    <message>
        <source>No attempt failed in this window: retries and fallbacks cost nothing and added no time.</source>
        <translation>Aucune tentative n’a échoué dans cette période : nouvelles tentatives et replis n’ont rien coûté ni ajouté de temps.</translation>
    </message>
    <message>
        <source>Failed attempts may have billed %1 (%2 of %3) and added %4</source>
        <translation>Les tentatives échouées ont pu facturer %1 (%2 de %3) et ont ajouté %4</translation>
    </message>
    <message>
        <source>Failed attempts billed nothing and added %1</source>
        <translation>Les tentatives échouées n’ont rien facturé et ont ajouté %1</translation>
    </message>
    <message>
        <source>No figures for this window.</source>
        <translation>Aucun chiffre pour cette période.</translation>
    </message>
    <message numerus="yes">
        <source>%1 over %Ln call(s)</source>
        <translation>
            <numerusform>%1 sur %Ln appel</numerusform>
            <numerusform>%1 sur %Ln appels</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Projects</source>
        <translation>&amp;Projets</translation>
    </message>
    <message>
        <source>&amp;Keys</source>
        <translation>&amp;Clés</translation>
    </message>
    <message>
        <source> USD</source>
        <translation> USD</translation>
    </message>
    <message>
        <source> req/min</source>
        <translation> req./min</translation>
    </message>
    <message>
        <source> tok/min</source>
        <translation> jetons/min</translation>
    </message>
    <message>
        <source>USD per UTC day, for calls started that day; unset: no daily budget.</source>
        <translation>USD par jour UTC, pour les appels commencés ce jour-là ; non défini : pas de budget quotidien.</translation>
    </message>
    <message>
        <source>USD per UTC month; unset: no monthly budget.</source>
        <translation>USD par mois UTC ; non défini : pas de budget mensuel.</translation>
    </message>
    <message>
        <source>Calls admitted in the last 60 s, %1 to %2; unset: no limit.</source>
        <translation>Appels admis au cours des 60 dernières secondes, de %1 à %2 ; non défini : aucune limite.</translation>
    </message>
    <message>
        <source>Input + output tokens in the last 60 s, %1 to %2; unset: no limit.</source>
        <translation>Jetons d’entrée + de sortie des 60 dernières secondes, de %1 à %2 ; non défini : aucune limite.</translation>
    </message>
    <message>
        <source>Budgets and rate limits</source>
        <translation>Budgets et limites de débit</translation>
    </message>
    <message>
        <source>Select a key or a project to edit its budgets and rate limits.</source>
        <translation>Sélectionnez une clé ou un projet pour modifier ses budgets et limites de débit.</translation>
    </message>
    <message>
        <source>Key %1 (project %2): limits of this key alone; a call must also fit its project&apos;s.</source>
        <translation>Clé %1 (projet %2) : limites de cette seule clé ; un appel doit aussi respecter celles de son projet.</translation>
    </message>
    <message>
        <source>Project %1: limits of all its keys together; each key may have its own too.</source>
        <translation>Projet %1 : limites de toutes ses clés ensemble ; chaque clé peut aussi avoir les siennes.</translation>
    </message>
    <message>
        <source>A budget of %1 refuses every call.</source>
        <translation>Un budget de %1 refuse tous les appels.</translation>
    </message>
    <message>
        <source>Project id: %1</source>
        <translation>Identifiant du projet : %1</translation>
    </message>
    <message>
        <source>Active keys</source>
        <translation>Clés actives</translation>
    </message>
    <message>
        <source>%1/day</source>
        <translation>%1/jour</translation>
    </message>
    <message>
        <source>%1/month</source>
        <translation>%1/mois</translation>
    </message>
    <message>
        <source>%1 req/min</source>
        <translation>%1 req./min</translation>
    </message>
    <message>
        <source>%1 tok/min</source>
        <translation>%1 jetons/min</translation>
    </message>
    <message>
        <source>Today (UTC): %1 budget − (%2 spent + %3 held) = %4</source>
        <translation>Aujourd’hui (UTC) : budget %1 − (%2 dépensés + %3 réservés) = %4</translation>
    </message>
    <message>
        <source>This month (UTC): %1 budget − (%2 spent + %3 held) = %4</source>
        <translation>Ce mois-ci (UTC) : budget %1 − (%2 dépensés + %3 réservés) = %4</translation>
    </message>
    <message>
        <source>Spend is shown while the gateway runs.</source>
        <translation>Les dépenses s’affichent pendant que la passerelle fonctionne.</translation>
    </message>
    <message>
        <source>Settled today (UTC): %1
Settled this month (UTC): %2</source>
        <translation>Réglé aujourd’hui (UTC) : %1
Réglé ce mois-ci (UTC) : %2</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) in flight hold %1</source>
        <translation>
            <numerusform>%n appel en cours réserve %1</numerusform>
            <numerusform>%n appels en cours réservent %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>Spent (today · month)</source>
        <translation>Dépensé (aujourd’hui · mois)</translation>
    </message>
    <message>
        <source>Remaining</source>
        <translation>Restant</translation>
    </message>
    <message>
        <source>Holds in flight</source>
        <translation>Réservations en cours</translation>
    </message>
    <message>
        <source>Rate limits</source>
        <translation>Limites de débit</translation>
    </message>
    <message>
        <source>USD per UTC day and month; a call whose hold does not fit what is left is refused (budget_exceeded).</source>
        <translation>USD par jour et par mois UTC ; un appel dont la réservation ne tient pas dans le reste est refusé (budget_exceeded).</translation>
    </message>
    <message>
        <source>What settled calls cost, the current UTC day and month.</source>
        <translation>Ce qu’ont coûté les appels réglés, le jour et le mois UTC en cours.</translation>
    </message>
    <message>
        <source>Budget − (spent + held), per period.</source>
        <translation>Budget − (dépensé + réservé), par période.</translation>
    </message>
    <message>
        <source>Calls in flight and the estimated maximum cost they hold.</source>
        <translation>Appels en cours et le coût maximal estimé qu’ils réservent.</translation>
    </message>
    <message>
        <source>Requests and tokens (input + output) per sliding minute; over a limit, a call is refused (rate_limit_exceeded).</source>
        <translation>Requêtes et jetons (entrée + sortie) par minute glissante ; au-delà d’une limite, un appel est refusé (rate_limit_exceeded).</translation>
    </message>
    <message>
        <source>%1 has used %2% of its monthly budget</source>
        <translation>%1 a utilisé %2 % de son budget mensuel</translation>
    </message>
    <message>
        <source>%1 has used %2% of its daily budget</source>
        <translation>%1 a utilisé %2 % de son budget quotidien</translation>
    </message>
    <message>
        <source>Set the budget alert threshold</source>
        <translation>Définir le seuil d’alerte du budget</translation>
    </message>
    <message>
        <source>Budgets</source>
        <translation>Budgets</translation>
    </message>
    <message>
        <source>When a key&apos;s or a project&apos;s spend (settled plus held) crosses this share of its daily or monthly budget, the status bar and /metrics say so, once per period (0: never). Budgets are set on the Keys screen.</source>
        <translation>Quand les dépenses d’une clé ou d’un projet (réglées plus réservées) dépassent cette part de son budget quotidien ou mensuel, la barre d’état et /metrics le signalent, une fois par période (0 : jamais). Les budgets se définissent dans l’écran Clés.</translation>
    </message>
    <message>
        <source>Time added by failed attempts: none</source>
        <translation>Temps ajouté par les tentatives échouées : aucun</translation>
    </message>
    <message>
        <source>Fell back</source>
        <comment>a column of failed attempts</comment>
        <translation>Replis</translation>
    </message>
    <message>
        <source>Chit-chat</source>
        <translation>Bavardage</translation>
    </message>
    <message>
        <source>Extraction</source>
        <translation>Extraction</translation>
    </message>
    <message>
        <source>Summarisation</source>
        <translation>Résumé</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Raisonnement</translation>
    </message>
    <message>
        <source>Tool use</source>
        <translation>Utilisation d’outils</translation>
    </message>
    <message>
        <source>Shadow</source>
        <translation>Fantôme</translation>
    </message>
    <message>
        <source>Suggest</source>
        <translation>Suggestion</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a condition: write a signal, ≥ or ≤ and a whole number, e.g. &quot;user_chars ≤ 400&quot;.</source>
        <translation>« %1 » n’est pas une condition : écrivez un signal, ≥ ou ≤ et un nombre entier, par ex. « user_chars ≤ 400 ».</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a signal; the signals are %2.</source>
        <translation>« %1 » n’est pas un signal ; les signaux sont %2.</translation>
    </message>
    <message>
        <source>Set the sessions of project %1</source>
        <translation>Définir les sessions du projet %1</translation>
    </message>
    <message>
        <source>Set the sessions of key %1</source>
        <translation>Définir les sessions de la clé %1</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Session</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Mode</translation>
    </message>
    <message>
        <source>Task class</source>
        <translation>Classe de tâche</translation>
    </message>
    <message>
        <source>Signals</source>
        <translation>Signaux</translation>
    </message>
    <message>
        <source>Suggested model</source>
        <translation>Modèle suggéré</translation>
    </message>
    <message>
        <source>Projected saving</source>
        <translation>Économie projetée</translation>
    </message>
    <message>
        <source>Accepted a suggestion</source>
        <translation>A accepté une suggestion</translation>
    </message>
    <message>
        <source>None: the asked model is already the cheapest that qualifies</source>
        <translation>Aucun : le modèle demandé est déjà le moins cher qui convient</translation>
    </message>
    <message>
        <source>Session mode</source>
        <translation>Mode de session</translation>
    </message>
    <message>
        <source>Quality floor</source>
        <translation>Seuil de qualité</translation>
    </message>
    <message>
        <source>Quality for %1</source>
        <translation>Qualité pour %1</translation>
    </message>
    <message>
        <source>not rated</source>
        <translation>non évalué</translation>
    </message>
    <message numerus="yes">
        <source>Classifier rules: changed (%n rule(s))</source>
        <translation>
            <numerusform>Règles de classification : modifiées (%n règle)</numerusform>
            <numerusform>Règles de classification : modifiées (%n règles)</numerusform>
        </translation>
    </message>
    <message>
        <source>Classifier rules: %1 → %2</source>
        <translation>Règles de classification : %1 → %2</translation>
    </message>
    <message numerus="yes">
        <source>%n rule(s)</source>
        <translation>
            <numerusform>%n règle</numerusform>
            <numerusform>%n règles</numerusform>
        </translation>
    </message>
    <message>
        <source>Quality floor of %1</source>
        <translation>Seuil de qualité de %1</translation>
    </message>
    <message>
        <source>Quality tier &quot;%1&quot; of model %2</source>
        <translation>Niveau de qualité « %1 » du modèle %2</translation>
    </message>
    <message>
        <source>Session window</source>
        <translation>Délai d’acceptation des sessions</translation>
    </message>
    <message>
        <source>The classifier has %1 rules; at most %2 are allowed.</source>
        <translation>Le classificateur a %1 règles ; %2 au plus sont autorisées.</translation>
    </message>
    <message>
        <source>Classifier rule %1 has %2 conditions; at most %3 are allowed.</source>
        <translation>La règle de classification %1 a %2 conditions ; %3 au plus sont autorisées.</translation>
    </message>
    <message>
        <source>Condition %1 of classifier rule %2 needs exactly one of &quot;atLeast&quot; and &quot;atMost&quot;.</source>
        <translation>La condition %1 de la règle de classification %2 doit avoir exactement un seuil, « atLeast » ou « atMost ».</translation>
    </message>
    <message>
        <source>Condition %1 (%2) of classifier rule %3</source>
        <translation>Le seuil de la condition %1 (%2) de la règle de classification %3</translation>
    </message>
    <message>
        <source>Mixed-model sessions are off: calls are not classified.</source>
        <translation>Les sessions multi-modèles sont désactivées : les appels ne sont pas classés.</translation>
    </message>
    <message>
        <source>%1, quality floor %2</source>
        <translation>%1, seuil de qualité %2</translation>
    </message>
    <message>
        <source>%1 (the project&apos;s setting)</source>
        <translation>%1 (réglage du projet)</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sessions</translation>
    </message>
    <message>
        <source>The mixed-model session mode in force; a key whose own mode is Off follows its project&apos;s.</source>
        <translation>Le mode de session multi-modèles en vigueur ; une clé dont le propre mode est Désactivé suit celui de son projet.</translation>
    </message>
    <message>
        <source>Shadow: calls run as asked; each receipt records the task class, the cheaper model that would have met the quality floor and the projected saving.
Suggest: the same, and the answer names that model to the caller, who may ask for it in the session&apos;s next call.</source>
        <translation>Fantôme : les appels s’exécutent comme demandé ; chaque reçu enregistre la classe de tâche, le modèle moins cher qui aurait atteint le seuil de qualité et l’économie projetée.
Suggestion : de même, et la réponse indique ce modèle à l’appelant, qui peut le demander au prochain appel de la session.</translation>
    </message>
    <message>
        <source>A model qualifies for a turn when its quality tier for the turn&apos;s class is at least this (%1 to %2).</source>
        <translation>Un modèle convient pour un tour lorsque son niveau de qualité pour la classe du tour est au moins celui-ci (%1 à %2).</translation>
    </message>
    <message>
        <source>Mixed-model sessions</source>
        <translation>Sessions multi-modèles</translation>
    </message>
    <message>
        <source>&amp;Mode</source>
        <translation>&amp;Mode</translation>
    </message>
    <message>
        <source>Select a key or a project to set its mixed-model sessions.</source>
        <translation>Sélectionnez une clé ou un projet pour régler ses sessions multi-modèles.</translation>
    </message>
    <message>
        <source>Key %1: its own setting, or its project&apos;s.</source>
        <translation>Clé %1 : son propre réglage, ou celui de son projet.</translation>
    </message>
    <message>
        <source>Project %1: for its keys that follow it.</source>
        <translation>Projet %1 : pour ses clés qui le suivent.</translation>
    </message>
    <message>
        <source>Project&apos;s (%1)</source>
        <translation>Celui du projet (%1)</translation>
    </message>
    <message>
        <source>Quality per task</source>
        <translation>Qualité par tâche</translation>
    </message>
    <message>
        <source>Set the quality of %1</source>
        <translation>Définir la qualité de %1</translation>
    </message>
    <message>
        <source>Mixed-model sessions suggest a cheaper model for a turn only when its tier for the turn&apos;s task class meets the key&apos;s quality floor. 1 is the weakest, 5 the strongest; a class not rated is never suggested.</source>
        <translation>Les sessions multi-modèles ne suggèrent un modèle moins cher pour un tour que si son niveau pour la classe de tâche du tour atteint le plancher de qualité de la clé. 1 est le plus faible, 5 le plus fort ; une classe non évaluée n’est jamais suggérée.</translation>
    </message>
    <message>
        <source>Not rated</source>
        <translation>Non évalué</translation>
    </message>
    <message>
        <source>Restore defaults</source>
        <translation>Rétablir les valeurs par défaut</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Classe</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quand</translation>
    </message>
    <message>
        <source>Conditions are signals compared with whole numbers, separated by commas, e.g. &quot;code_fences ≥ 1, user_chars ≤ 400&quot; (&gt;= and &lt;= work too); empty: always.</source>
        <translation>Les conditions sont des signaux comparés à des nombres entiers, séparées par des virgules, par ex. « code_fences ≥ 1, user_chars ≤ 400 » (&gt;= et &lt;= fonctionnent aussi) ; vide : toujours.</translation>
    </message>
    <message>
        <source>Add a rule below the selected one</source>
        <translation>Ajouter une règle sous celle sélectionnée</translation>
    </message>
    <message>
        <source>Replace every rule with the ones Switchboard ships with</source>
        <translation>Remplacer toutes les règles par celles fournies avec Switchboard</translation>
    </message>
    <message>
        <source>Restore the default classifier rules</source>
        <translation>Rétablir les règles par défaut du classificateur</translation>
    </message>
    <message>
        <source>Rule %1 is not applied: %2</source>
        <translation>La règle %1 n’est pas appliquée : %2</translation>
    </message>
    <message>
        <source>Set the class of rule %1</source>
        <translation>Définir la classe de la règle %1</translation>
    </message>
    <message>
        <source>Set the conditions of rule %1</source>
        <translation>Définir les conditions de la règle %1</translation>
    </message>
    <message>
        <source>Move rule %1 to %2</source>
        <translation>Déplacer la règle %1 en position %2</translation>
    </message>
    <message>
        <source>Add a classifier rule</source>
        <translation>Ajouter une règle du classificateur</translation>
    </message>
    <message>
        <source>Remove rule %1</source>
        <translation>Retirer la règle %1</translation>
    </message>
    <message>
        <source>Set the suggestion window</source>
        <translation>Définir la fenêtre de suggestion</translation>
    </message>
    <message>
        <source>Each turn of a key in Shadow or Suggest mode is classified by the shape of its request: the first rule whose conditions all hold names its task class (none: chit-chat). A suggestion counts as accepted when a later call of the same session names the suggested model within the window.</source>
        <translation>Chaque tour d’une clé en mode Ombre ou Suggestion est classé selon la forme de sa requête : la première règle dont toutes les conditions sont vraies donne sa classe de tâche (aucune : bavardage). Une suggestion compte comme acceptée quand un appel ultérieur de la même session nomme le modèle suggéré dans la fenêtre.</translation>
    </message>
    <message>
        <source>Suggestion window</source>
        <translation>Fenêtre de suggestion</translation>
    </message>
    <message>
        <source>Classifier rules, first that holds wins</source>
        <translation>Règles du classificateur, la première vraie l’emporte</translation>
    </message>
    <message>
        <source>Projected savings per UTC day</source>
        <translation>Économies projetées par jour UTC</translation>
    </message>
    <message>
        <source>Projected savings</source>
        <translation>Économies projetées</translation>
    </message>
    <message>
        <source>Task classes</source>
        <translation>Classes de tâches</translation>
    </message>
    <message>
        <source>Select a key to see its sessions.</source>
        <translation>Sélectionnez une clé pour voir ses sessions.</translation>
    </message>
    <message>
        <source>The sessions&apos; figures need the receipts database.</source>
        <translation>Les chiffres des sessions nécessitent la base des reçus.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <source>The sessions&apos; figures cannot be shown: %1</source>
        <translation>Les chiffres des sessions ne peuvent pas être affichés : %1</translation>
    </message>
    <message numerus="yes">
        <source>Key %1: projected savings %2 over %Ln classified call(s)</source>
        <translation>
            <numerusform>Clé %1 : économies projetées %2 sur %Ln appel classé</numerusform>
            <numerusform>Clé %1 : économies projetées %2 sur %Ln appels classés</numerusform>
        </translation>
    </message>
    <message>
        <source>No suggestions offered in Suggest mode yet</source>
        <translation>Aucune suggestion proposée en mode Suggestion pour l’instant</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln suggestion(s) accepted (%2)</source>
        <translation>
            <numerusform>%1 sur %Ln suggestion acceptée (%2)</numerusform>
            <numerusform>%1 sur %Ln suggestions acceptées (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (UTC): projected savings %2</source>
        <translation>%1 (UTC) : économies projetées %2</translation>
    </message>
    <message>
        <source>&amp;Quality floor</source>
        <translation>Seuil de &amp;qualité</translation>
    </message>
    <message>
        <source>The value of &quot;%1&quot; must be a whole number (is %2).</source>
        <translation>La valeur de « %1 » doit être un nombre entier (est %2).</translation>
    </message>
    <message>
        <source>Rule %1 (always holds)</source>
        <translation>Règle %1 (toujours vraie)</translation>
    </message>
    <message>
        <source>No rule held</source>
        <translation>Aucune règle ne s’appliquait</translation>
    </message>
    <message>
        <source>No rule held: %1</source>
        <translation>Aucune règle ne s’appliquait : %1</translation>
    </message>
    <message>
        <source>Suggestion window, minutes</source>
        <translation>Fenêtre de suggestion, minutes</translation>
    </message>
    <message>
        <source>Project&apos;s</source>
        <translation>Celui du projet</translation>
    </message>
    <message numerus="yes">
        <source>Sessions (last %n days)</source>
        <translation>
            <numerusform>Sessions (dernier jour)</numerusform>
            <numerusform>Sessions (%n derniers jours)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Key %1: no classified calls in the last %n days.</source>
        <translation>
            <numerusform>Clé %1 : aucun appel classé ce dernier jour.</numerusform>
            <numerusform>Clé %1 : aucun appel classé ces %n derniers jours.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Key %1: no classified calls in the last %n days. Set its mode to Shadow to see what a cheaper route would save.</source>
        <translation>
            <numerusform>Clé %1 : aucun appel classé ce dernier jour. Passez son mode à Fantôme pour voir ce qu’une route moins chère économiserait.</numerusform>
            <numerusform>Clé %1 : aucun appel classé ces %n derniers jours. Passez son mode à Fantôme pour voir ce qu’une route moins chère économiserait.</numerusform>
        </translation>
    </message>
    <message>
        <source>When every attempt of a streaming call times out, attempts and waits take up to %1 ms, past the deadline of %2 ms</source>
        <translation>Si chaque tentative d’un appel en streaming expire, tentatives et attentes prennent jusqu’à %1 ms, au-delà du délai de %2 ms</translation>
    </message>
    <message>
        <source>When every attempt times out, attempts and waits take up to %1 ms, past the deadline of %2 ms</source>
        <translation>Si chaque tentative expire, tentatives et attentes prennent jusqu’à %1 ms, au-delà du délai de %2 ms</translation>
    </message>
    <message>
        <source>the last attempt may be cut short.</source>
        <translation>la dernière tentative peut être interrompue.</translation>
    </message>
    <message>
        <source>attempt %1 can never start.</source>
        <translation>la tentative %1 ne peut jamais commencer.</translation>
    </message>
    <message>
        <source>attempts %1 to %2 can never start.</source>
        <translation>les tentatives %1 à %2 ne peuvent jamais commencer.</translation>
    </message>
    <message>
        <source>Fallback model %1 is never reached.</source>
        <translation>Le modèle de repli %1 n’est jamais atteint.</translation>
    </message>
    <message>
        <source>Fallback models %1 are never reached.</source>
        <translation>Les modèles de repli %1 ne sont jamais atteints.</translation>
    </message>
    <message>
        <source>Rehearse failures: %1</source>
        <translation>Répéter les pannes : %1</translation>
    </message>
    <message>
        <source>Show &amp;receipt</source>
        <translation>Afficher le &amp;reçu</translation>
    </message>
    <message>
        <source>Open the selected case&apos;s receipt in the Calls drawer (Enter)</source>
        <translation>Ouvrir le reçu du cas choisi dans le panneau des appels (Entrée)</translation>
    </message>
    <message>
        <source>&amp;Export JSON…</source>
        <translation>&amp;Exporter en JSON…</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>Stop after the case in progress</source>
        <translation>Arrêter après le cas en cours</translation>
    </message>
    <message>
        <source>Run &amp;again</source>
        <translation>Re&amp;lancer</translation>
    </message>
    <message>
        <source>Rehearse the configuration as it stands in the editor now</source>
        <translation>Répéter la configuration telle qu&apos;elle est maintenant dans l&apos;éditeur</translation>
    </message>
    <message>
        <source>C&amp;lose</source>
        <translation>&amp;Fermer</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Attendu</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Observé</translation>
    </message>
    <message>
        <source>Rehearses %1 as it stands in the editor, unsaved changes included, on a private gateway on 127.0.0.1 whose deployments are simulator copies that fail one way at a time. Nothing reaches a provider and the running gateway is not touched; the receipts are kept in Calls as rehearsals.</source>
        <translation>Répète %1 tel qu&apos;il est dans l&apos;éditeur, modifications non enregistrées comprises, sur une passerelle privée sur 127.0.0.1 dont les déploiements sont des copies du simulateur qui tombent en panne d&apos;une façon à la fois. Rien n&apos;atteint un fournisseur et la passerelle en service n&apos;est pas touchée ; les reçus sont gardés dans Appels comme répétitions.</translation>
    </message>
    <message>
        <source>The draft has errors and cannot be saved as it is: %1</source>
        <translation>Le brouillon contient des erreurs et ne peut pas être enregistré tel quel : %1</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n case(s) done · %2</source>
        <translation>
            <numerusform>%1 cas terminé sur %n · %2</numerusform>
            <numerusform>%1 cas terminés sur %n · %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n en échec</numerusform>
            <numerusform>%n en échec</numerusform>
        </translation>
    </message>
    <message>
        <source>The rehearsal could not run: %1</source>
        <translation>La répétition n&apos;a pas pu s&apos;exécuter : %1</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %1 of %n case(s).</source>
        <translation>
            <numerusform>Annulé après %1 cas sur %n.</numerusform>
            <numerusform>Annulé après %1 cas sur %n.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n case(s) failed, in %2.</source>
        <translation>
            <numerusform>%1 cas sur %n en échec, en %2.</numerusform>
            <numerusform>%1 cas sur %n en échec, en %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n case(s) passed, in %1.</source>
        <translation>
            <numerusform>Le cas a réussi, en %1.</numerusform>
            <numerusform>Les %n cas ont réussi, en %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a case to see its checks.</source>
        <translation>Choisissez un cas pour voir ses vérifications.</translation>
    </message>
    <message>
        <source>Not finished yet.</source>
        <translation>Pas encore terminé.</translation>
    </message>
    <message>
        <source>✗ Fail</source>
        <translation>✗ Échec</translation>
    </message>
    <message>
        <source>✓ Pass</source>
        <translation>✓ Réussi</translation>
    </message>
    <message>
        <source>Export rehearsal</source>
        <translation>Exporter la répétition</translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>%1 n&apos;a pas pu être écrit : %2</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>En cours…</translation>
    </message>
    <message>
        <source>Not run</source>
        <translation>Non exécuté</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>En attente</translation>
    </message>
    <message>
        <source>not run: %1</source>
        <translation>non exécuté : %1</translation>
    </message>
    <message>
        <source>The case could not run: %1</source>
        <translation>Le cas n&apos;a pas pu s&apos;exécuter : %1</translation>
    </message>
    <message numerus="yes">
        <source>Every rule held (%n check(s))</source>
        <translation>
            <numerusform>Chaque règle a tenu (%n vérification)</numerusform>
            <numerusform>Chaque règle a tenu (%n vérifications)</numerusform>
        </translation>
    </message>
    <message>
        <source>Case</source>
        <translation>Cas</translation>
    </message>
    <message>
        <source>Caller saw</source>
        <translation>Vu par l&apos;appelant</translation>
    </message>
    <message>
        <source>Waits</source>
        <translation>Attentes</translation>
    </message>
    <message>
        <source>429 with Retry-After</source>
        <translation>429 avec Retry-After</translation>
    </message>
    <message>
        <source>Timeout before the status line</source>
        <translation>Délai dépassé avant la ligne d&apos;état</translation>
    </message>
    <message>
        <source>Connection dropped</source>
        <translation>Connexion interrompue</translation>
    </message>
    <message>
        <source>Stream cut mid-answer</source>
        <translation>Flux coupé en pleine réponse</translation>
    </message>
    <message>
        <source>Stream stalls</source>
        <translation>Flux bloqué</translation>
    </message>
    <message>
        <source>Undecodable body</source>
        <translation>Corps indécodable</translation>
    </message>
    <message>
        <source>Refusal</source>
        <translation>Refus</translation>
    </message>
    <message>
        <source>Connection refused</source>
        <translation>Connexion refusée</translation>
    </message>
    <message>
        <source>%1 on the first deployment only</source>
        <translation>%1 sur le premier déploiement seulement</translation>
    </message>
    <message>
        <source>Plain</source>
        <translation>Sans streaming</translation>
    </message>
    <message>
        <source>A retryable failure uses every planned attempt the deadline allows</source>
        <translation>Une panne réessayable utilise chaque tentative prévue que le délai permet</translation>
    </message>
    <message>
        <source>A final failure is not retried: one attempt</source>
        <translation>Une panne définitive n&apos;est pas réessayée : une tentative</translation>
    </message>
    <message>
        <source>A pool tries each deployment at most once</source>
        <translation>Un pool essaie chaque déploiement au plus une fois</translation>
    </message>
    <message>
        <source>The wait before a retry is at least the backoff</source>
        <translation>L&apos;attente avant une nouvelle tentative est au moins le backoff</translation>
    </message>
    <message>
        <source>A single deployment waits the Retry-After</source>
        <translation>Un déploiement unique attend le Retry-After</translation>
    </message>
    <message>
        <source>The call ends within the deadline</source>
        <translation>L&apos;appel se termine dans le délai</translation>
    </message>
    <message>
        <source>The final error has the status and code of the rules</source>
        <translation>L&apos;erreur finale a le statut et le code des règles</translation>
    </message>
    <message>
        <source>A final 429 passes Retry-After on to the caller</source>
        <translation>Un 429 final transmet Retry-After à l&apos;appelant</translation>
    </message>
    <message>
        <source>A failure before the first byte is a plain HTTP error</source>
        <translation>Une panne avant le premier octet est une simple erreur HTTP</translation>
    </message>
    <message>
        <source>A cut stream ends with a stream_interrupted event and no [DONE]</source>
        <translation>Un flux coupé se termine par un événement stream_interrupted et sans [DONE]</translation>
    </message>
    <message>
        <source>Every error carries x-should-retry: false</source>
        <translation>Chaque erreur porte x-should-retry: false</translation>
    </message>
    <message>
        <source>x-gateway-attempts equals the attempts of the receipt</source>
        <translation>x-gateway-attempts est égal aux tentatives du reçu</translation>
    </message>
    <message>
        <source>A fallback model answers, named in ib-fallback-model</source>
        <translation>Un modèle de repli répond, nommé dans ib-fallback-model</translation>
    </message>
    <message>
        <source>The first deployment fails and a healthy one serves, without fallback</source>
        <translation>Le premier déploiement tombe en panne et un déploiement sain sert, sans repli</translation>
    </message>
    <message>
        <source>One receipt of kind rehearsal, with the request id the caller got</source>
        <translation>Un reçu de type répétition, avec l&apos;identifiant de requête reçu par l&apos;appelant</translation>
    </message>
    <message>
        <source>the key&apos;s budget</source>
        <translation>le budget de la clé</translation>
    </message>
    <message>
        <source>the key&apos;s rate limit</source>
        <translation>la limite de débit de la clé</translation>
    </message>
    <message>
        <source>the key&apos;s mixed-model sessions</source>
        <translation>les sessions multi-modèles de la clé</translation>
    </message>
    <message>
        <source>the project&apos;s budget</source>
        <translation>le budget du projet</translation>
    </message>
    <message>
        <source>the project&apos;s rate limit</source>
        <translation>la limite de débit du projet</translation>
    </message>
    <message>
        <source>the project&apos;s mixed-model sessions</source>
        <translation>les sessions multi-modèles du projet</translation>
    </message>
    <message>
        <source>Turned off for the rehearsal: %1.</source>
        <translation>Désactivé pour la répétition : %1.</translation>
    </message>
    <message>
        <source>Recovery times (timeouts, deadline, backoff, cooldown, Retry-After) are divided by %1, to no less than %2 ms each.</source>
        <translation>Les durées de reprise (délais d&apos;attente, délai total, backoff, refroidissement, Retry-After) sont divisées par %1, sans descendre sous %2 ms chacune.</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>pas de réponse</translation>
    </message>
    <message>
        <source>no answer: %1</source>
        <translation>pas de réponse : %1</translation>
    </message>
    <message>
        <source>[DONE]</source>
        <translation>[DONE]</translation>
    </message>
    <message>
        <source>no [DONE]</source>
        <translation>pas de [DONE]</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n event(s), then error event %2 · %3</source>
        <translation>
            <numerusform>%1 · %n événement, puis événement d&apos;erreur %2 · %3</numerusform>
            <numerusform>%1 · %n événements, puis événement d&apos;erreur %2 · %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n event(s) · %2</source>
        <translation>
            <numerusform>%1 · %n événement · %2</numerusform>
            <numerusform>%1 · %n événements · %2</numerusform>
        </translation>
    </message>
    <message>
        <source>fallback %1 (not served)</source>
        <translation>repli %1 (non servi)</translation>
    </message>
    <message>
        <source>%1 %2: expected %3, observed %4</source>
        <translation>%1 %2 : attendu %3, observé %4</translation>
    </message>
    <message>
        <source>&amp;Rehearse failures…</source>
        <translation>&amp;Répéter les pannes…</translation>
    </message>
    <message>
        <source>Run this model&apos;s configuration, unsaved edits included, against injected failures on a private gateway (Ctrl+Shift+R)</source>
        <translation>Exécuter la configuration de ce modèle, modifications non enregistrées comprises, face à des pannes injectées sur une passerelle privée (Ctrl+Maj+R)</translation>
    </message>
    <message>
        <source>Rehearse failures</source>
        <translation>Répéter les pannes</translation>
    </message>
    <message>
        <source>Warning: %1: %2</source>
        <translation>Avertissement : %1 : %2</translation>
    </message>
    <message>
        <source>Tried at once</source>
        <translation>Essayés tout de suite</translation>
    </message>
    <message>
        <source>Would fall back</source>
        <translation>Passeraient au modèle de repli</translation>
    </message>
    <message>
        <source>Would wait for a cooldown</source>
        <translation>Attendraient la fin d’un refroidissement</translation>
    </message>
    <message>
        <source>No eligible route</source>
        <translation>Aucune route admissible</translation>
    </message>
    <message>
        <source>Cost per 1,000 calls</source>
        <translation>Coût pour 1 000 appels</translation>
    </message>
    <message>
        <source>%1, mostly %2</source>
        <translation>%1, surtout %2</translation>
    </message>
    <message>
        <source>Impact</source>
        <translation>Impact</translation>
    </message>
    <message>
        <source>Replay recent calls through the draft and show what would change</source>
        <translation>Rejouer les derniers appels avec le brouillon et montrer ce qui changerait</translation>
    </message>
    <message>
        <source>Calls to replay</source>
        <translation>Appels à rejouer</translation>
    </message>
    <message>
        <source>Draft</source>
        <translation>Brouillon</translation>
    </message>
    <message>
        <source>First picks: deployment</source>
        <translation>Premiers choix : déploiement</translation>
    </message>
    <message>
        <source>Regions served</source>
        <translation>Régions servies</translation>
    </message>
    <message>
        <source>No eligible route: why</source>
        <translation>Aucune route admissible : pourquoi</translation>
    </message>
    <message>
        <source>Replay the last</source>
        <translation>Rejouer les</translation>
    </message>
    <message>
        <source>calls</source>
        <translation>derniers appels</translation>
    </message>
    <message numerus="yes">
        <source>Replaying the last %n call(s)…</source>
        <translation>
            <numerusform>Rejeu du dernier appel…</numerusform>
            <numerusform>Rejeu des %n derniers appels…</numerusform>
        </translation>
    </message>
    <message>
        <source>Past calls could not be read.</source>
        <translation>Les appels passés n’ont pas pu être lus.</translation>
    </message>
    <message>
        <source>No calls to replay yet.</source>
        <translation>Pas encore d’appels à rejouer.</translation>
    </message>
    <message>
        <source>with the gateway&apos;s health now</source>
        <translation>avec l’état actuel de la passerelle</translation>
    </message>
    <message>
        <source>with every deployment healthy (no gateway)</source>
        <translation>avec tous les déploiements en bonne santé (pas de passerelle)</translation>
    </message>
    <message numerus="yes">
        <source>The last %n call(s), saved settings → draft, %1. A pool&apos;s shares are expected first picks, not random draws.</source>
        <translation>
            <numerusform>Le dernier appel, réglages enregistrés → brouillon, %1. Les parts d’un pool sont des premiers choix attendus, pas des tirages au hasard.</numerusform>
            <numerusform>Les %n derniers appels, réglages enregistrés → brouillon, %1. Les parts d’un pool sont des premiers choix attendus, pas des tirages au hasard.</numerusform>
        </translation>
    </message>
    <message>
        <source>no region known</source>
        <translation>aucune région connue</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s), each ending within the scaled deadline of %1 ms: at most about %2 in all, most cases far sooner.</source>
        <translation>
            <numerusform>%n cas, qui se termine dans le délai réduit de %1 ms : au plus environ %2, le plus souvent bien avant.</numerusform>
            <numerusform>%n cas, chacun se terminant dans le délai réduit de %1 ms : au plus environ %2 en tout, la plupart bien avant.</numerusform>
        </translation>
    </message>
    <message>
        <source>Checks of %1 (%2)</source>
        <translation>Vérifications de %1 (%2)</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instance</translation>
    </message>
    <message>
        <source>Gateway instance that stored the call</source>
        <translation>Instance de passerelle qui a enregistré l’appel</translation>
    </message>
    <message>
        <source>All instances</source>
        <translation>Toutes les instances</translation>
    </message>
    <message>
        <source>Stored before gateway instances were named</source>
        <translation>Enregistré avant que les instances de passerelle soient nommées</translation>
    </message>
    <message>
        <source>Gateway instance %1 stored this call</source>
        <translation>L’instance de passerelle %1 a enregistré cet appel</translation>
    </message>
    <message>
        <source>The Qt PostgreSQL driver (QPSQL, Debian package libqt6sql6-psql) is not available.</source>
        <translation>Le pilote PostgreSQL de Qt (QPSQL, paquet Debian libqt6sql6-psql) n’est pas disponible.</translation>
    </message>
    <message>
        <source>“%1” is not a PostgreSQL location (postgresql://user@host:port/database)</source>
        <translation>« %1 » n’est pas un emplacement PostgreSQL (postgresql://user@host:port/database)</translation>
    </message>
    <message>
        <source>A password does not belong in the database location: set PGPASSWORD or put it in ~/.pgpass.</source>
        <translation>Un mot de passe n’a pas sa place dans l’emplacement de la base : définissez PGPASSWORD ou placez-le dans ~/.pgpass.</translation>
    </message>
    <message>
        <source>Changed by someone else (version %1, saved by %2): review and save again.</source>
        <translation>Modifié par quelqu’un d’autre (version %1, enregistrée par %2) : vérifiez les changements et enregistrez à nouveau.</translation>
    </message>
    <message>
        <source>Version %1 changed: %2</source>
        <translation>Modifications de la version %1 : %2</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Vérifier</translation>
    </message>
    <message>
        <source>Keep your changes on top of the newer version, and list what saving would then change</source>
        <translation>Reporter vos modifications sur la version plus récente et afficher ce que l’enregistrement changerait alors</translation>
    </message>
    <message>
        <source>&amp;Open workspace…</source>
        <translation>&amp;Ouvrir un espace de travail…</translation>
    </message>
    <message>
        <source>A &amp;file on this computer</source>
        <translation>Un &amp;fichier sur cet ordinateur</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Parcourir…</translation>
    </message>
    <message>
        <source>A &amp;PostgreSQL database</source>
        <translation>Une base de données Post&amp;greSQL</translation>
    </message>
    <message>
        <source>Open workspace</source>
        <translation>Ouvrir un espace de travail</translation>
    </message>
    <message>
        <source>Switchboard starts again on the workspace you open; unsaved changes are asked about first.</source>
        <translation>Switchboard redémarre sur l’espace de travail ouvert ; les modifications non enregistrées vous sont d’abord signalées.</translation>
    </message>
    <message>
        <source>Several gateways and studios can share one PostgreSQL database. The password is never typed here: it comes from the PGPASSWORD environment variable or from ~/.pgpass.</source>
        <translation>Plusieurs passerelles et studios peuvent partager une base PostgreSQL. Le mot de passe n’est jamais saisi ici : il vient de la variable d’environnement PGPASSWORD ou de ~/.pgpass.</translation>
    </message>
    <message>
        <source>Choose a database file.</source>
        <translation>Choisissez un fichier de base de données.</translation>
    </message>
    <message>
        <source>“%1” is a folder: choose a database file.</source>
        <translation>« %1 » est un dossier : choisissez un fichier de base de données.</translation>
    </message>
    <message>
        <source>Enter the database&apos;s location: postgresql://user@host:port/database.</source>
        <translation>Saisissez l’adresse de la base : postgresql://user@host:port/database.</translation>
    </message>
    <message>
        <source>Workspace database: a file, or postgresql://user@host:port/database (the password from PGPASSWORD or ~/.pgpass).</source>
        <translation>Base de l’espace de travail : un fichier, ou postgresql://user@host:port/database (le mot de passe vient de PGPASSWORD ou de ~/.pgpass).</translation>
    </message>
    <message>
        <source>Cannot start Switchboard again on %1.</source>
        <translation>Impossible de redémarrer Switchboard sur %1.</translation>
    </message>
    <message>
        <source>Instance %1</source>
        <translation>Instance %1</translation>
    </message>
    <message>
        <source>⚠ Database unreachable: the last loaded version stays in use</source>
        <translation>⚠ Base de données injoignable : la dernière version chargée reste en service</translation>
    </message>
    <message>
        <source>%1 does not answer; Switchboard reconnects by itself.</source>
        <translation>%1 ne répond pas ; Switchboard se reconnecte de lui-même.</translation>
    </message>
    <message>
        <source>Open it at &amp;every start</source>
        <translation>L’ouvrir à &amp;chaque démarrage</translation>
    </message>
    <message>
        <source>It is the database chosen in Preferences. Start Switchboard with --db FILE to open another one.</source>
        <translation>C’est la base de données choisie dans les Préférences. Démarrez Switchboard avec --db FICHIER pour en ouvrir une autre.</translation>
    </message>
    <message>
        <source>⚠ The calls cannot be read now: the database did not answer. The rows shown are those read before.</source>
        <translation>⚠ Les appels ne peuvent pas être lus pour l’instant : la base de données n’a pas répondu. Les lignes affichées sont celles lues auparavant.</translation>
    </message>
</context>
</TS>
