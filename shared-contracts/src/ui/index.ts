/**
 * Design-system primitives shared by the host and every remote: accessible, styled with
 * CSS Modules over the design tokens of tokens.css (imported here once, globally).
 */
import './tokens.css';

export { AlertBar, type AlertBarProps } from './alert-bar';
export { AlertRegion } from './alert-region';
export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './button';
export { Card, type CardProps } from './card';
export { cx } from './class-names';
export { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
export { DateField, DATE_FORMAT_MESSAGE, type DateFieldProps } from './date-field';
export { DetailsList, type DetailsItem, type DetailsListProps } from './details-list';
export {
  Field,
  fieldControlClassName,
  TextField,
  type FieldControlProps,
  type FieldProps,
  type TextFieldProps,
} from './field';
export { Modal, type ModalProps } from './modal';
export { lazyRoute, preloadRoutes, ScreenRoutes, type LazyRouteComponent } from './lazy-route';
export { PageNotFound } from './page-not-found';
export {
  PdfPreview,
  PdfViewer,
  PDF_VIEWER_DEFAULT_ERROR,
  type PdfDocument,
  type PdfPreviewProps,
  type PdfRenderer,
  type PdfViewerProps,
} from './pdf-viewer';
export { PlaceholderScreen } from './placeholder-screen';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { ProgressBar, type ProgressBarProps } from './progress-bar';
export {
  SignaturePad,
  signaturePadWidth,
  SIGNATURE_PAD_BREAKPOINT,
  SIGNATURE_PAD_HEIGHT,
  SIGNATURE_PAD_UNAVAILABLE,
  type SignaturePadProps,
} from './signature-pad';
export { SignInPrompt, type SignInPromptProps } from './sign-in-prompt';
export { SessionGate, type SessionGateProps } from './session-gate';
export { mountStandalone } from './standalone';
export { Spinner, type SpinnerProps } from './spinner';
export { useDocumentTitle } from './use-document-title';
export { VisuallyHidden } from './visually-hidden';
