/** Read acknowledgements (issue 12): the document screen's sections and the reader's Acknowledge control. */
export { AcknowledgeControl } from './components/acknowledge-control';
export { EditReadAck, NewReadAck, ReadAckTab, type ReadAckScreenProps } from './components/read-ack-screens';
