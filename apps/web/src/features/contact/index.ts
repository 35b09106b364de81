/**
 * Contact (the server's `contact` module, the shared `contact/`): the form that sends a message to the
 * marketplace, shown on the contact page of `content`.
 */
export { ContactForm } from './components/contact-form'
