#include "svga_http.h"

#include <ctype.h>
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The libcurl entry points we call, found with dlsym (the header supplies only types and
   constants; nothing links against libcurl). */
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*setopt)(CURL *, CURLoption, ...);
    CURLcode (*perform)(CURL *);
    CURLcode (*getinfo)(CURL *, CURLINFO, ...);
    void (*cleanup)(CURL *);
    const char *(*strerror)(CURLcode);
    int loaded;
    char error[200];
} curl;

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;

static void load_curl(void) {
    void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(curl.error, sizeof curl.error, "libcurl is not available (%s)", dlerror());
        return;
    }
    *(void **)&curl.global_init = dlsym(lib, "curl_global_init");
    *(void **)&curl.easy_init = dlsym(lib, "curl_easy_init");
    *(void **)&curl.setopt = dlsym(lib, "curl_easy_setopt");
    *(void **)&curl.perform = dlsym(lib, "curl_easy_perform");
    *(void **)&curl.getinfo = dlsym(lib, "curl_easy_getinfo");
    *(void **)&curl.cleanup = dlsym(lib, "curl_easy_cleanup");
    *(void **)&curl.strerror = dlsym(lib, "curl_easy_strerror");
    if (!curl.global_init || !curl.easy_init || !curl.setopt || !curl.perform || !curl.getinfo || !curl.cleanup
        || !curl.strerror) {
        snprintf(curl.error, sizeof curl.error, "libcurl.so.4 lacks the easy interface");
        return;
    }
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(curl.error, sizeof curl.error, "libcurl failed to initialise");
        return;
    }
    curl.loaded = 1;
}

/* The body as it streams in, capped: a write over the cap stops the transfer (libcurl then
   returns CURLE_WRITE_ERROR) with `too_large` set. */
struct sink {
    svga_http_response *response;
    size_t capacity, limit;
    int too_large, out_of_memory;
};

static size_t write_body(char *data, size_t size, size_t count, void *user) {
    struct sink *s = user;
    svga_http_response *r = s->response;
    size_t n = size * count;
    if (n > s->limit - r->length) {   /* r->length <= limit always holds */
        s->too_large = 1;
        return 0;
    }
    if (r->length + n > s->capacity) {
        size_t wanted = s->capacity < 65536 ? 65536 : s->capacity * 2;
        if (wanted < r->length + n) wanted = r->length + n;
        if (wanted > s->limit) wanted = s->limit;
        unsigned char *grown = realloc(r->body, wanted);
        if (!grown) {
            s->out_of_memory = 1;
            return 0;
        }
        r->body = grown;
        s->capacity = wanted;
    }
    memcpy(r->body + r->length, data, n);
    r->length += n;
    return n;
}

/* Content-Type up to its first ';', trimmed and lower-cased. */
static void copy_media_type(const char *content_type, char *out, size_t size) {
    out[0] = 0;
    if (!content_type) return;
    while (*content_type == ' ' || *content_type == '\t') content_type++;
    size_t n = 0;
    while (content_type[n] && content_type[n] != ';' && n + 1 < size) {
        out[n] = (char)tolower((unsigned char)content_type[n]);
        n++;
    }
    while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '\t')) n--;
    out[n] = 0;
}

svga_http_result svga_http_get(const char *url, long timeout_ms, size_t limit, svga_http_response *response) {
    memset(response, 0, sizeof *response);
    pthread_once(&curl_once, load_curl);
    if (!curl.loaded) {
        snprintf(response->error, sizeof response->error, "%s", curl.error);
        return SVGA_HTTP_UNAVAILABLE;
    }
    CURL *handle = curl.easy_init();
    if (!handle) {
        snprintf(response->error, sizeof response->error, "libcurl could not create a transfer");
        return SVGA_HTTP_TRANSPORT;
    }
    char detail[CURL_ERROR_SIZE];
    detail[0] = 0;
    struct sink sink = {response, 0, limit, 0, 0};
    curl.setopt(handle, CURLOPT_URL, url);
    curl.setopt(handle, CURLOPT_NOSIGNAL, 1L);   /* no SIGALRM for DNS timeouts: we are threaded */
    curl.setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
    curl.setopt(handle, CURLOPT_MAXREDIRS, 10L);
    /* A redirect must not reach file:// or other schemes. */
    if (curl.setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK
        || curl.setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        curl.cleanup(handle);
        snprintf(response->error, sizeof response->error, "libcurl is older than 7.85 (no protocol allow-list)");
        return SVGA_HTTP_UNAVAILABLE;
    }
    curl.setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl.setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl.setopt(handle, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)limit);
    curl.setopt(handle, CURLOPT_FAILONERROR, 1L);
    curl.setopt(handle, CURLOPT_USERAGENT, "SVGAKit");
    curl.setopt(handle, CURLOPT_WRITEFUNCTION, write_body);
    curl.setopt(handle, CURLOPT_WRITEDATA, &sink);
    curl.setopt(handle, CURLOPT_ERRORBUFFER, detail);

    CURLcode code = curl.perform(handle);
    curl.getinfo(handle, CURLINFO_RESPONSE_CODE, &response->status);
    char *content_type = NULL;
    if (curl.getinfo(handle, CURLINFO_CONTENT_TYPE, &content_type) == CURLE_OK) {
        copy_media_type(content_type, response->media_type, sizeof response->media_type);
    }
    svga_http_result result;
    if (sink.too_large || code == CURLE_FILESIZE_EXCEEDED) {
        result = SVGA_HTTP_TOO_LARGE;
    } else if (code == CURLE_OK || code == CURLE_HTTP_RETURNED_ERROR) {
        result = SVGA_HTTP_OK;   /* FAILONERROR: a status >= 400 ends the transfer; the caller sees it */
    } else if (code == CURLE_OPERATION_TIMEDOUT) {
        result = SVGA_HTTP_TIMED_OUT;
    } else {
        result = SVGA_HTTP_TRANSPORT;
        snprintf(response->error, sizeof response->error, "%s",
                 sink.out_of_memory ? "out of memory" : (detail[0] ? detail : curl.strerror(code)));
    }
    curl.cleanup(handle);
    if (result != SVGA_HTTP_OK) {
        free(response->body);
        response->body = NULL;
        response->length = 0;
    }
    return result;
}

void svga_http_response_free(svga_http_response *response) {
    free(response->body);
    response->body = NULL;
    response->length = 0;
}
