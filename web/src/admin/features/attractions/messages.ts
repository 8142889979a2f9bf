/** What the attraction forms say (tests hold the screens to these exact words). */
export const ATTRACTION_MISSING = 'Please fill in all fields and select an image to upload.'
export const ATTRACTION_UPLOADED = 'Attraction uploaded successfully!'
export const ATTRACTION_UPLOAD_ERROR = 'Error uploading attraction.'
export const SELECT_BUSINESS = 'Please select a business to edit.'
export const EDIT_MISSING = 'Please fill in the name, web address and description.'
export const EDIT_ERROR = 'Error updating business.'
export const DELETE_ERROR = 'Error deleting location'
export const NO_LOCATIONS = 'No locations to display'
export const FETCH_ERROR = 'Error fetching locations'
export const BAD_URL = 'Please enter a full web address starting with http:// or https://.'

export const EMPTY_ATTRACTION = { name: '', url: '', description: '', alt: '' }
