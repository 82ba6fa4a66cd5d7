/**
 * What each request the service sends the blob store costs the store ({@code scripts/store-costs.sh}): Azurite's CPU
 * per request type, beside the Put Blob of the upload itself, so that the valet-key row's extra store work can be read
 * as a share of the upload's.
 */
package dev.iolab.loadtest.storecost;
