#pragma once

#include <QString>
#include <QTemporaryDir>

// A fresh database file per test (KDE style): the directory and its file vanish with the fixture.
class TempDatabase
{
public:
    TempDatabase()
        : m_path(m_dir.filePath(QStringLiteral("workspace.sqlite")))
    {
    }
    QString path() const { return m_path; }
    bool isValid() const { return m_dir.isValid(); }

private:
    QTemporaryDir m_dir;
    QString m_path;
};
