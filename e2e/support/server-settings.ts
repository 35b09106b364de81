/** Settings the journeys' server starts with (playwright.config.ts) that the journeys check for. */

/** The shop's community chat group: the home page's Contact Us goes there. Never followed off-site. */
export const CHAT_GROUP_URL = 'https://chat.whatsapp.com/LarderE2EShoppers'

/**
 * The file in DATA_DIR that holds what `npm run admin -- create` printed before the server started: the
 * first operator's address and single-use link to choose the password.
 */
export const FIRST_OPERATOR_OUTPUT = 'first-operator.txt'
