#pragma once

// A scripted driver for ThreadSafeStore and Indexer conformance tables
// (reference §4.2–4.4, §9.3–9.5). Each row is a sequence of operations on a
// fresh store and the exact log of its queries. Objects are testobjects.h
// tokens; an object's storage key is its metaNamespaceKey. In query
// arguments "-" stands for the empty value.
//
// Test index functions: users (label "users" split on '.'), foo (label foo),
// byVal (label val), byName (the name), constant ("v"), none (no values),
// and the built-in namespace and labels indexers.

#include "testobjects.h"

#include "informer/cache/indexer.h"
#include "informer/cache/indexfuncs.h"
#include "informer/cache/threadsafestore.h"

#include <QTest>

#include <algorithm>
#include <memory>

namespace informant::test {

inline IndexFunc labelIndex(const QString &label, bool split)
{
    return [label, split](const KubeObject &object) -> QStringList {
        const std::optional<QString> value = object.label(label);
        if (!value)
            return {};
        return split ? value->split(QLatin1Char('.')) : QStringList{*value};
    };
}

inline Indexers testIndexers(const QString &names)
{
    Indexers indexers;
    for (const QString &name : names.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (name == u"users")
            indexers.insert(name, labelIndex(QStringLiteral("users"), true));
        else if (name == u"foo")
            indexers.insert(name, labelIndex(QStringLiteral("foo"), false));
        else if (name == u"byVal")
            indexers.insert(name, labelIndex(QStringLiteral("val"), false));
        else if (name == u"byName")
            indexers.insert(name, [](const KubeObject &o) { return QStringList{o.name()}; });
        else if (name == u"constant")
            indexers.insert(name,
                            [](const KubeObject &) { return QStringList{QStringLiteral("v")}; });
        else if (name == u"none")
            indexers.insert(name, [](const KubeObject &) { return QStringList(); });
        else if (name == u"namespace")
            indexers.insert(name, namespaceIndexFunc);
        else if (name == u"labels")
            indexers.insert(name, labelsIndexFunc);
        else
            qFatal("unknown test indexer %s", qPrintable(name));
    }
    return indexers;
}

inline QStringList sortedKeysOf(const QList<KubeObject> &objects)
{
    QStringList keys;
    for (const KubeObject &object : objects)
        keys.append(object.key());
    keys.sort();
    return keys;
}

// Store is ThreadSafeStore or Indexer; only the mutations differ.
template<typename Store> class StoreScript
{
public:
    QStringList run(const QString &script)
    {
        for (const QString &step : script.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            QStringList words = step.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (words.isEmpty())
                continue;
            const QString op = words.takeFirst();
            if (op == u"indexers") {
                if (m_store)
                    qFatal("indexers must come first");
                m_store = std::make_unique<Store>(testIndexers(words.value(0)));
            } else if (!mutate(op, words)) {
                query(op, words);
            }
        }
        return m_log;
    }

private:
    Store &store()
    {
        if (!m_store)
            m_store = std::make_unique<Store>();
        return *m_store;
    }

    static QString arg(const QStringList &args, int i)
    {
        const QString value = args.value(i);
        return value == u"-" ? QString() : value;
    }

    void logResult(const Result<void> &result)
    {
        if (!result.ok())
            m_log.append(QStringLiteral("err: ") + result.errorMessage());
    }

    bool mutate(const QString &op, const QStringList &args)
    {
        Store &s = store();
        if (op == u"add" || op == u"update" || op == u"delete") {
            for (const QString &token : args) {
                const KubeObject object = objectFromToken(token);
                if constexpr (std::is_same_v<Store, Indexer>) {
                    logResult(op == u"add"      ? s.add(object)
                              : op == u"update" ? s.update(object)
                                                : s.remove(object));
                } else if (op == u"delete") {
                    s.remove(object.key());
                } else {
                    op == u"add" ? s.add(object.key(), object) : s.update(object.key(), object);
                }
            }
        } else if (op == u"replace") {
            if constexpr (std::is_same_v<Store, Indexer>) {
                logResult(s.replace(objectsFromTokens(args), QStringLiteral("7")));
            } else {
                QHash<QString, KubeObject> items;
                for (const KubeObject &object : objectsFromTokens(args))
                    items.insert(object.key(), object);
                s.replace(std::move(items), QStringLiteral("7"));
            }
        } else if (op == u"addIndexers") {
            logResult(s.addIndexers(testIndexers(args.value(0))));
        } else {
            return false;
        }
        return true;
    }

    template<typename T> bool logError(const Result<T> &result)
    {
        if (result.ok())
            return false;
        m_log.append(QStringLiteral("err: ") + result.errorMessage());
        return true;
    }

    void query(const QString &op, const QStringList &args)
    {
        const Store &s = store();
        const QString head = op + QLatin1Char(' ') + args.join(QLatin1Char(' ')) + QLatin1Char('=');
        if (op == u"byIndex") {
            const auto objects = s.byIndex(arg(args, 0), arg(args, 1));
            if (!logError(objects))
                m_log.append(head + sortedKeysOf(objects.value()).join(QLatin1Char(',')));
        } else if (op == u"index") {
            const auto objects = s.index(arg(args, 0), objectFromToken(args.value(1)));
            if (!logError(objects))
                m_log.append(head + sortedKeysOf(objects.value()).join(QLatin1Char(',')));
        } else if (op == u"indexKeys") { // logged in the order returned
            const auto keys = s.indexKeys(arg(args, 0), arg(args, 1));
            if (!logError(keys))
                m_log.append(head + keys.value().join(QLatin1Char(',')));
        } else if (op == u"values") {
            QStringList values = s.listIndexFuncValues(arg(args, 0));
            values.sort();
            m_log.append(head + values.join(QLatin1Char(',')));
        } else if (op == u"counts") { // logged in the order returned
            QStringList parts;
            for (const auto &[value, count] : s.indexValueCounts(arg(args, 0)))
                parts.append(value + QLatin1Char(':') + QString::number(count));
            m_log.append(head + parts.join(QLatin1Char(',')));
        } else if (op == u"count") {
            m_log.append(head + QString::number(s.indexValueCount(arg(args, 0), arg(args, 1))));
        } else if (op == u"getIndexers") {
            QStringList names = s.getIndexers().keys();
            names.sort();
            m_log.append(head + names.join(QLatin1Char(',')));
        } else {
            itemQuery(op, args, head);
        }
    }

    void itemQuery(const QString &op, const QStringList &args, const QString &head)
    {
        const Store &s = store();
        if (op == u"keys") {
            QStringList keys = s.listKeys();
            keys.sort();
            m_log.append(head + keys.join(QLatin1Char(',')));
        } else if (op == u"list") {
            QStringList tokens;
            for (const KubeObject &object : s.list())
                tokens.append(objectToken(object));
            tokens.sort();
            m_log.append(head + tokens.join(QLatin1Char(',')));
        } else if (op == u"get") {
            std::optional<KubeObject> object;
            if constexpr (std::is_same_v<Store, Indexer>)
                object = s.getByKey(args.value(0));
            else
                object = s.get(args.value(0));
            m_log.append(head + (object ? objectToken(*object) : QStringLiteral("none")));
        } else if (op == u"size") {
            m_log.append(head + QString::number(s.size()));
        } else {
            qFatal("unknown script operation %s", qPrintable(op));
        }
    }

    std::unique_ptr<Store> m_store;
    QStringList m_log;
};

inline void storeRow(const char *name, const char *script, const QStringList &expected)
{
    QTest::newRow(name) << QString::fromUtf8(script) << expected;
}

// Rows that hold for ThreadSafeStore and Indexer alike.
inline void addSharedStoreRows()
{
    // TestCache: the generic store contract.
    storeRow("storeContract",
             "add a1; get a; update a2; get a; delete a; get a; add a1 b2 c3; list; "
             "replace d4 e5; list; keys; size",
             {"get a=a1", "get a=a2", "get a=none", "list =a1,b2,c3", "list =d4,e5", "keys =d,e",
              "size =2"});
    storeRow("addAndUpdateAreTheSameUpsert", "add a1; add a2; update b1; get a; size",
             {"get a=a2", "size =2"});
    storeRow("deleteOfAbsentKeyIsNoop", "add a1; delete b1; size", {"size =1"});
    // TestIndex.
    storeRow("indexReturnsObjectsSharingAValue",
             "indexers byVal; add a{val=b} c{val=b} e{val=f} g{val=h}; index byVal x{val=b}; "
             "index byVal x{val=f}; index byVal x{val=h}; index byVal x{val=q}",
             {"index byVal x{val=b}=a,c", "index byVal x{val=f}=e", "index byVal x{val=h}=g",
              "index byVal x{val=q}="});
    // TestGetIndexFuncValues.
    storeRow("listIndexFuncValuesReturnsDistinctValues",
             "indexers foo; add one{foo=bar} two{foo=bar} tre{foo=biz}; values foo",
             {"values foo=bar,biz"});
    // TestMultiIndexKeys (§4.4 example).
    storeRow("multiValuedIndexFollowsDeleteAndUpdate",
             "indexers users; add one{users=ernie.bert} two{users=bert.oscar} "
             "tre{users=ernie.elmo}; byIndex users ernie; byIndex users bert; byIndex users elmo; "
             "byIndex users oscar; delete tre; byIndex users ernie; byIndex users elmo; "
             "update two{users=oscar}; byIndex users bert; byIndex users unknown",
             {"byIndex users ernie=one,tre", "byIndex users bert=one,two", "byIndex users elmo=tre",
              "byIndex users oscar=two", "byIndex users ernie=one",
              "byIndex users elmo=", "byIndex users bert=one", "byIndex users unknown="});
    // TestThreadSafeStoreDeleteRemovesEmptySetsFromIndex.
    storeRow("deleteRemovesEmptySetFromIndex",
             "indexers byName; add test; counts byName; delete test; counts byName; values byName",
             {"counts byName=test:1", "counts byName=", "values byName="});
    // TestThreadSafeStoreAddKeepsNonEmptySetPostDeleteFromIndex.
    storeRow("deleteKeepsNonEmptySet",
             "indexers constant; add a b; count constant v; delete a; count constant v; "
             "indexKeys constant v",
             {"count constant v=2", "count constant v=1", "indexKeys constant v=b"});
    // TestThreadSafeStoreIndexingFunctionsWithMultipleValues.
    storeRow("multipleValuesAddAndRemoveExactlyTheChangedValues",
             "indexers users; add ka{users=foo} kb{users=bar}; indexKeys users foo; "
             "indexKeys users bar; update kb{users=foo.bar}; indexKeys users foo; "
             "indexKeys users bar; update ka{users=foo.bar}; indexKeys users foo; "
             "indexKeys users bar; add kc{users=foo.bar.baz}; indexKeys users foo; "
             "indexKeys users bar; indexKeys users baz; update ka{users=foo}; indexKeys users foo; "
             "indexKeys users bar; update kb{users=bar}; indexKeys users foo; indexKeys users bar",
             {"indexKeys users foo=ka", "indexKeys users bar=kb", "indexKeys users foo=ka,kb",
              "indexKeys users bar=kb", "indexKeys users foo=ka,kb", "indexKeys users bar=ka,kb",
              "indexKeys users foo=ka,kb,kc", "indexKeys users bar=ka,kb,kc",
              "indexKeys users baz=kc", "indexKeys users foo=ka,kb,kc", "indexKeys users bar=kb,kc",
              "indexKeys users foo=ka,kc", "indexKeys users bar=kb,kc"});
    storeRow("unknownIndexIsAnErrorExceptForValuesAndCounts",
             "add a; byIndex nope x; indexKeys nope x; index nope a; values nope; count nope x; "
             "counts nope",
             {"err: Index with name nope does not exist",
              "err: Index with name nope does not exist",
              "err: Index with name nope does not exist", "values nope=", "count nope x=0",
              "counts nope="});
    storeRow("addIndexersOnPopulatedStoreIndexesExistingItems",
             "add a{foo=x} b{foo=y}; addIndexers foo; byIndex foo x; values foo; getIndexers",
             {"byIndex foo x=a", "values foo=x,y", "getIndexers =foo"});
    storeRow("addIndexersConflictAddsNothing",
             "indexers foo; add a{users=u}; addIndexers users,foo; getIndexers; byIndex users u",
             {"err: indexer conflict: foo", "getIndexers =foo",
              "err: Index with name users does not exist"});
    storeRow("addIndexersKeepsExistingIndices",
             "indexers foo; add a{foo=x,users=u}; addIndexers users; byIndex foo x; "
             "byIndex users u; update a{foo=y,users=w}; counts foo; counts users",
             {"byIndex foo x=a", "byIndex users u=a", "counts foo=y:1", "counts users=w:1"});
    storeRow("replaceRebuildsEveryIndex",
             "indexers foo; add a{foo=x}; replace b{foo=y} c{foo=x}; byIndex foo x; values foo; "
             "keys",
             {"byIndex foo x=c", "values foo=x,y", "keys =b,c"});
    storeRow("replaceWithNothingEmptiesStoreAndIndices",
             "indexers foo; add a{foo=x}; replace; size; values foo", {"size =0", "values foo="});
    storeRow("updateMovingValueLeavesNoEmptySet",
             "indexers foo; add a{foo=x}; update a{foo=y}; counts foo; update a; counts foo",
             {"counts foo=y:1", "counts foo="});
    storeRow("labelsIndexHasKeyValueAndBareKey",
             "indexers labels; add ns/a{app=web,tier=fe} ns/b{app=db}; counts labels; "
             "byIndex labels app=web; byIndex labels app",
             {"counts labels=app:2,app=db:1,app=web:1,tier:1,tier=fe:1",
              "byIndex labels app=web=ns/a", "byIndex labels app=ns/a,ns/b"});
    storeRow("namespaceIndexPutsClusterScopedUnderEmptyValue",
             "indexers namespace; add ns/a x/b c; counts namespace; count namespace -; "
             "byIndex namespace -",
             {"counts namespace=:1,ns:1,x:1", "count namespace -=1", "byIndex namespace -=c"});
    storeRow("indexValueCountsAreSortedByValue",
             "indexers foo; add a{foo=zz} b{foo=aa} c{foo=mm} d{foo=aa}; counts foo",
             {"counts foo=aa:2,mm:1,zz:1"});
    storeRow("indexKeysAreSorted",
             "indexers foo; add zeta{foo=x} alpha{foo=x} mid{foo=x}; "
             "indexKeys foo x",
             {"indexKeys foo x=alpha,mid,zeta"});
    storeRow("indexUnionDeduplicatesByKey",
             "indexers users; add a{users=x.y} b{users=y} c{users=z}; index users q{users=x.y}",
             {"index users q{users=x.y}=a,b"});
    storeRow("indexFuncWithoutValuesIndexesNothing", "indexers none; add a; values none",
             {"values none="});
    storeRow("duplicateValuesFromIndexFuncAreHarmless",
             "indexers users; add a{users=x.x}; count users x; delete a; values users",
             {"count users x=1", "values users="});
}

} // namespace informant::test
