/**
 * Which uploads are cut when the upload threads run short: under pressure (most threads busy, {@code
 * upload.shedding.pressure}) the uploads whose bodies come far slower than a normal client sends ({@code
 * upload.shedding.below-rate} over the last {@code upload.shedding.window}) are cut, the slowest first, until the
 * threads are below the pressure again ({@link dev.iolab.upload.transfer.shedding.LoadShedder}, the policy in {@link
 * dev.iolab.upload.transfer.shedding.SlowestFirst}). The body's own decorator ({@code transfer.body}) reports its bytes
 * here and ends the upload at its next read once it is cut; the pressure is read from admission ({@code
 * upload.admission}).
 */
package dev.iolab.upload.transfer.shedding;
