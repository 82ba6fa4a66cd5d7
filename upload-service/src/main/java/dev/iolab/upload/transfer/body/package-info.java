/**
 * An upload's bytes on their way in: where they come from ({@link dev.iolab.upload.transfer.body.BodySource}, a raw body
 * or a {@link dev.iolab.upload.transfer.body.MultipartBody}), the decorators they pass (the minimum rate of {@link
 * dev.iolab.upload.transfer.body.MinimumRateInputStream}, which also lets the {@code transfer.shedding} package watch the
 * body and cut it under pressure; size limit, declared length and MD5 in {@link
 * dev.iolab.upload.transfer.body.IncomingBody}, built from commons-io decorators), and the one mapping of what reading a
 * body threw to the problem a client is answered with ({@link dev.iolab.upload.transfer.body.BodyFailures}).
 */
package dev.iolab.upload.transfer.body;
