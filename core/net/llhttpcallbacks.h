#pragma once

// For the net library's own .cpp files only: llhttp stays private to it.
#include "net/headreader.h"

#include <llhttp.h>

namespace Gateway {

// llhttp's callbacks for an Owner that the parser's data points at, bound at compile time (no
// call beyond llhttp's own through a pointer). Header names and values go to the owner's
// HeadReader `m_head`, whose bound ends the parse; everything else to the owner's members, those
// it has: onMessageBegin(), onUrl(at, len), onVersionComplete(), onHeaderLine() (a header's value
// ended), onHeadersComplete(), onBody(at, len), onMessageComplete(), each returning llhttp's code.
// The Owner befriends this function.
template<typename Owner> const llhttp_settings_t *llhttpSettings()
{
    static const llhttp_settings_t settings = [] {
        llhttp_settings_t s;
        llhttp_settings_init(&s);
        s.on_message_begin = [](llhttp_t *p) {
            Owner *o = static_cast<Owner *>(p->data);
            o->m_head.begin();
            return o->onMessageBegin();
        };
        if constexpr (requires(Owner * o) { o->onUrl(nullptr, size_t()); }) {
            s.on_url = [](llhttp_t *p, const char *at, size_t len) {
                return static_cast<Owner *>(p->data)->onUrl(at, len);
            };
        }
        if constexpr (requires(Owner * o) { o->onVersionComplete(); }) {
            s.on_version_complete
                = [](llhttp_t *p) { return static_cast<Owner *>(p->data)->onVersionComplete(); };
        }
        s.on_header_field = [](llhttp_t *p, const char *at, size_t len) {
            HeadReader &head = static_cast<Owner *>(p->data)->m_head;
            return head.addName(QByteArrayView(at, qsizetype(len))) ? 0 : -1;
        };
        s.on_header_value = [](llhttp_t *p, const char *at, size_t len) {
            HeadReader &head = static_cast<Owner *>(p->data)->m_head;
            return head.addValue(QByteArrayView(at, qsizetype(len))) ? 0 : -1;
        };
        s.on_header_value_complete
            = [](llhttp_t *p) { return static_cast<Owner *>(p->data)->onHeaderLine(); };
        s.on_headers_complete
            = [](llhttp_t *p) { return static_cast<Owner *>(p->data)->onHeadersComplete(); };
        s.on_body = [](llhttp_t *p, const char *at, size_t len) {
            return static_cast<Owner *>(p->data)->onBody(at, len);
        };
        s.on_message_complete
            = [](llhttp_t *p) { return static_cast<Owner *>(p->data)->onMessageComplete(); };
        return s;
    }();
    return &settings;
}

} // namespace Gateway
