import type { AppDeps } from '../../../app-deps';
import type { AuthUser } from '../../../plugins/auth';
import type { Ingested } from '../../media/public';

// What a resumable upload becomes is decided by its `kind` metadata. Each kind checks, at creation, that
// the caller may upload it (before any byte is stored), and turns the finished, validated mp4 into its
// object. Lecture videos live here; the questions feature registers kind=response for answer videos.

export type UploadMetadata = Record<string, string>;

export interface UploadKind {
  /**
   * Throws an HttpError (400/403/404) when `user` may not create this upload. Returns the metadata to keep:
   * only the fields the kind needs (SECURITY AC-10), never a client-chosen owner.
   */
  authorizeCreate(deps: AppDeps, user: AuthUser, metadata: UploadMetadata): Promise<UploadMetadata>;
  /**
   * Called once, when the last byte arrived and the file was accepted: stored (media_files row included)
   * or set aside for processing. Returns headers for the final response, such as the new object's id.
   * May throw an HttpError (a set-aside original is then dropped by the caller).
   */
  complete(
    deps: AppDeps,
    user: AuthUser,
    ingested: Ingested,
    metadata: UploadMetadata,
  ): Promise<Record<string, string>>;
}

/** The app's upload kinds by name: made by the videos plugin, added to by the features that own a kind. */
export type UploadKinds = Map<string, UploadKind>;
