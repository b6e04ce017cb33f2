#pragma once

// The resource arguments of `get`, read as kubectl reads them:
//   KIND[,KIND...] [NAME...]      every kind listed, each for every name (or all objects)
//   KIND/NAME [KIND/NAME...]      the objects named, in the order given
// The two forms do not mix. Kinds are resolved later, through discovery.

#include "informer/core/result.h"

#include <QStringList>

namespace informantctl {

// One kind and the names asked for under it (none: every object).
struct ResourceRequest
{
    QString kind;
    QStringList names;
};

struct ResourceArgs
{
    // In the order given; consecutive KIND/NAME arguments of one kind are
    // one request, so their objects print in one table.
    QList<ResourceRequest> requests;
    // The KIND[,KIND...] form: a kind listed twice is read once (kubectl
    // collapses the list's duplicates; it does not for KIND/NAME).
    bool kindList = false;
    // Exactly one object named (`get deploy web`, `get deploy/web`): -o json
    // and -o yaml print it alone rather than in a List, as kubectl does.
    bool singleObject = false;
};

// kubectl's messages (without "error: ") for arguments it rejects. An empty
// kind in a list (`pods,`) is kept: discovery rejects it, as kubectl's does.
informant::Result<ResourceArgs> parseResourceArgs(const QStringList &args);

// kubectl's builder refuses names beside a label or field selector, before
// it resolves any kind: `get pods web -l app=web` reads nothing. Message
// without "error: ".
informant::Result<void> checkSelectorsBesideNames(const ResourceArgs &args, bool selectorGiven);

} // namespace informantctl
