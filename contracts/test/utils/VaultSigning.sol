// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./Test.sol";

/// @notice EIP-712 digests and signatures of the vault's three messages, written out from the interface's
///         type strings independently of the contract under test.
abstract contract VaultSigning is Test {
    bytes32 internal constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 internal constant DIVE_IN_TYPE = keccak256(
        "DiveIn(address user,uint256 custom,uint256 custom1,address token,uint256 amount,uint256 nonce,uint256 deadline)"
    );
    bytes32 internal constant WITHDRAW_TYPE =
        keccak256("Withdraw(address user,address token,uint256 amount,uint256 nonce,uint256 deadline)");
    bytes32 internal constant EXCHANGE_TYPE = keccak256(
        "Exchange(address user,address tokenIn,uint256 amountIn,address tokenOut,uint256 amountOut,uint256 nonce,uint256 deadline)"
    );

    /// @notice A vault signature as the contract takes it.
    struct Sig {
        bytes32 r;
        bytes32 s;
        uint8 v;
    }

    /// @notice The fields of a withdrawal voucher.
    struct WithdrawMsg {
        address user;
        address token;
        uint256 amount;
        uint256 nonce;
        uint256 deadline;
    }

    /// @notice The fields of a deposit authorisation.
    struct DiveInMsg {
        address user;
        uint256 custom;
        uint256 custom1;
        address token;
        uint256 amount;
        uint256 nonce;
        uint256 deadline;
    }

    /// @notice The fields of an exchange quote.
    struct ExchangeMsg {
        address user;
        address tokenIn;
        uint256 amountIn;
        address tokenOut;
        uint256 amountOut;
        uint256 nonce;
        uint256 deadline;
    }

    function domainSeparator(address vault, uint256 chainId) internal pure returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("EternoVault"), keccak256("1"), chainId, vault));
    }

    function digestOf(address vault, uint256 chainId, bytes32 structHash) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(vault, chainId), structHash));
    }

    function withdrawHash(WithdrawMsg memory m) internal pure returns (bytes32) {
        return keccak256(abi.encode(WITHDRAW_TYPE, m.user, m.token, m.amount, m.nonce, m.deadline));
    }

    function diveInHash(DiveInMsg memory m) internal pure returns (bytes32) {
        return keccak256(abi.encode(DIVE_IN_TYPE, m.user, m.custom, m.custom1, m.token, m.amount, m.nonce, m.deadline));
    }

    function exchangeHash(ExchangeMsg memory m) internal pure returns (bytes32) {
        return keccak256(
            abi.encode(EXCHANGE_TYPE, m.user, m.tokenIn, m.amountIn, m.tokenOut, m.amountOut, m.nonce, m.deadline)
        );
    }

    function signDigest(uint256 key, bytes32 digest) internal pure returns (Sig memory sig) {
        (sig.v, sig.r, sig.s) = vm.sign(key, digest);
    }

    /// @dev Signatures for the vault at `vault` on the current chain.
    function signWithdraw(uint256 key, address vault, WithdrawMsg memory m) internal view returns (Sig memory) {
        return signDigest(key, digestOf(vault, block.chainid, withdrawHash(m)));
    }

    function signDiveIn(uint256 key, address vault, DiveInMsg memory m) internal view returns (Sig memory) {
        return signDigest(key, digestOf(vault, block.chainid, diveInHash(m)));
    }

    function signExchange(uint256 key, address vault, ExchangeMsg memory m) internal view returns (Sig memory) {
        return signDigest(key, digestOf(vault, block.chainid, exchangeHash(m)));
    }
}
