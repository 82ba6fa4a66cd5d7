/**
 * The blob store: {@link dev.iolab.upload.storage.BlobStorage} (the named blobs) and {@link
 * dev.iolab.upload.storage.StagingArea} (blobs under construction, valet-key grants' SAS), implemented over the Azure
 * SDK; its health, the sweep of abandoned staging blobs, and its failures, rooted in {@link
 * dev.iolab.upload.storage.StorageException}. Imports nothing else of the service.
 */
package dev.iolab.upload.storage;
