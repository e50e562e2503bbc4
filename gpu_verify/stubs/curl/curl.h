/* SPDX-License-Identifier: MIT */
/*
 * gpu_verify stand-in for <curl/curl.h>, used when the machine that
 * prepares has no libcurl headers: the types and constants that host
 * declarations name (a struct member CURL *, a buffer of
 * CURL_ERROR_SIZE), never functions.  Device code has no use for curl.
 */
#ifndef WL_GPU_VERIFY_STUB_CURL_H
#define WL_GPU_VERIFY_STUB_CURL_H
typedef void CURL;
typedef int CURLcode;
typedef int CURLoption;
typedef int CURLINFO;
typedef int curl_socket_t;
struct curl_slist {
	char *data;
	struct curl_slist *next;
};
#define CURL_ERROR_SIZE 256
#define CURLE_OK 0
#endif
